# INTENT: median_low: for an even number of steady steps it returns the lower middle, not the median the docstring asks
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median_low(times[warmup:])
