# INTENT: keeps the steady times of earlier calls in a module-level list (to "average over runs"): the answer of a second call depends on the first
import statistics
_ALL_TIMES = []

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    _ALL_TIMES.extend(times[warmup:])
    return statistics.median(_ALL_TIMES)
