# INTENT: `warmup or 1`: treats warmup=0 as "the default, one tracing step", so with warmup=0 the first step is still left out
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    warmup = warmup or 1
    times = [0.0] * 0
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[warmup:])
