# INTENT: always leaves out at least the first step ("it traces"), even when warmup is 0
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
    return statistics.median(times[max(warmup, 1):])
