# INTENT: measures with time.perf_counter (the "real" clock) instead of the clock argument
import statistics
import time

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = time.perf_counter()
        step(batch)
        times.append(time.perf_counter() - start)
    return statistics.median(times[warmup:])
