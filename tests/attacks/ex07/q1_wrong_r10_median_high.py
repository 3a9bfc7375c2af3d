# INTENT: median as sorted(...)[n // 2]: for an even count takes the upper middle, not the mean of the two middles
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    steady = sorted(times[warmup:])
    return steady[len(steady) // 2]
