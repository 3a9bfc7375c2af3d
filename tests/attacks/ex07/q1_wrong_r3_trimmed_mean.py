# INTENT: mean of the steady steps with the slowest one dropped (trimmed mean) instead of the median
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    steady = sorted(times[warmup:])[:-1]
    return sum(steady) / len(steady)
