# INTENT: upper median for an even count (sorted(..)[n//2]) instead of the mean of the two middle ones
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
    steady = sorted(times[warmup:])
    return steady[len(steady) // 2]
