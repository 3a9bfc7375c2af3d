# INTENT: runs the batches in reverse order (breaks "in order"); times the last `warmup` instead of the first as warm-up
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in reversed(list(batches)):
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[warmup:])
