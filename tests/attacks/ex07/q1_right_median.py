# INTENT: times every step on its own with clock(), drops the first `warmup` durations, returns the median of the rest (robust to one slow step).
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    durations = []
    for batch in batches:
        start = clock()
        step(batch)
        durations.append(clock() - start)
    steady = sorted(durations[warmup:])
    n = len(steady)
    if n == 0:
        return None
    mid = n // 2
    return steady[mid] if n % 2 else (steady[mid - 1] + steady[mid]) / 2
