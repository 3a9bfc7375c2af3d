# INTENT: "robust" trimmed mean (drop fastest and slowest steady step, average the rest) instead of the median
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    steady = sorted(times[warmup:])
    core = steady[1:-1] if len(steady) > 2 else steady
    return sum(core) / len(core)
