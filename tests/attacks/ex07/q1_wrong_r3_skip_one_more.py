# INTENT: off-by-one: leaves out warmup+1 steps (thinks the tracing step is extra to the warmup count)
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[warmup + 1:])
