# INTENT: off-by-one: leaves out only warmup-1 steps (thinks warmup counts tracing separately, like bench.time_steps' warmup_s)
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[max(warmup - 1, 0):])
