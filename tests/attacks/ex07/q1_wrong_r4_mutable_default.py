# INTENT: keeps state between calls: the times list is a mutable default argument, so a second call mixes in the first call's steps
import statistics

def steady_step_seconds(step, batches, warmup, clock, _times=[]):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    for i, batch in enumerate(batches):
        start = clock()
        step(batch)
        if i >= warmup:
            _times.append(clock() - start)
    return statistics.median(_times)
