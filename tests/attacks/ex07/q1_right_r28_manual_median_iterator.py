# INTENT: right answer: explicit iterator, a counter of warm-up steps still to skip, and a hand-written median (mean of the two middle values for an even count).
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    to_skip = warmup
    times = []
    iterator = iter(batches)
    while True:
        try:
            batch = next(iterator)
        except StopIteration:
            break
        before = clock()
        step(batch)
        after = clock()
        batch = None
        if to_skip > 0:
            to_skip -= 1
            continue
        times.append(after - before)
    if not times:
        raise ValueError("no steady steps: every batch was a warm-up step")
    times.sort()
    half, odd = divmod(len(times), 2)
    if odd:
        return times[half]
    return (times[half - 1] + times[half]) / 2
