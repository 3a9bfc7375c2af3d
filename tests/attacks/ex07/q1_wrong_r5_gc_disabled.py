# INTENT: switches the garbage collector off for fair timings (a common benchmarking trick) and never turns it back on: changes the session's state
import gc
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    gc.disable()
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[warmup:])
