# INTENT: iterates batches once to count them first: with a one-shot iterable (generator) no step runs at all
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import statistics
    n = sum(1 for _ in batches)
    if n <= warmup:
        raise ValueError("not enough batches")
    times = []
    for batch in batches:
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
    return statistics.median(times[warmup:])
