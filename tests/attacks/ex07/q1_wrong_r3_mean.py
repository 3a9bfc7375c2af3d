# INTENT: mean of the steady steps instead of the median: the one slow step pulls it up (student forgets the outlier clause)
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    steady = times[warmup:]
    return sum(steady) / len(steady)
