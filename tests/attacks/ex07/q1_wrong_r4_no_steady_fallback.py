# INTENT: when all steps are warm-up ones, falls back to the median of all steps instead of failing; and uses min instead of median when few steps
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    steady = times[warmup:]
    if len(steady) < 3:
        return min(steady or times)
    return statistics.median(steady)
