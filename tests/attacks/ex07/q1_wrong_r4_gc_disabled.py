# INTENT: "fair timing" like timeit: disables the garbage collector for the measurement and never turns it back on (changes global state)
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
