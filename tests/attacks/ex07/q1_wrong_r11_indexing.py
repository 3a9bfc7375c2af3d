# INTENT: indexes batches by position (len + []): works for lists only, not for any finite iterable the contract allows
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for i in range(len(batches)):
        t0 = clock()
        step(batches[i])
        times.append(clock() - t0)
    return statistics.median(times[warmup:])
