# INTENT: hand-rolled median sorted(s)[len(s)//2]: for an even number of steady steps it is the upper middle, not the median
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    steady = sorted(times[warmup:])
    return steady[len(steady) // 2]
