# INTENT: treats warmup=0 as 'use the default of 1' (warmup or 1): the traced first step is always left out
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import statistics
    warmup = warmup or 1
    times = []
    for batch in batches:
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
    return statistics.median(times[warmup:])
