# INTENT: returns milliseconds (like the given cell prints) instead of seconds
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return 1e3 * statistics.median(times[warmup:])
