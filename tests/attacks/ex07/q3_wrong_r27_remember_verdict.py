# INTENT: wrong: keeps state between calls: caches the verdict per step function (by id), so a second call with the same step on another pipeline returns the old answer without timing (the contract: iterate and time the batches given).
import math

_verdicts = {}


def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = [], []
    it = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        reads.append(t1 - t0)
        steps.append(t2 - t1)
    key = id(step)
    if key not in _verdicts:
        _verdicts[key] = "input" if math.fsum(reads) > math.fsum(steps) else "compute"
    return _verdicts[key]
