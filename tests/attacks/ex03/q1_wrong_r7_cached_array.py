# INTENT: lru_cache on a tuple-keyed helper that returns a numpy array: the same array object comes back on a repeated call.
import functools, numpy as np
@functools.lru_cache(maxsize=None)
def _plan(caps, g):
    total = sum(caps)
    ideal = [c / total * g for c in caps]
    sizes = [int(i) for i in ideal]
    order = sorted(range(len(sizes)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[:g - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        while sizes[r] < 1:
            donor = max(range(len(sizes)), key=lambda k: sizes[k])
            sizes[donor] -= 1; sizes[r] += 1
    return np.array(sizes)
def plan_batches(capacities, global_batch_size):
    return _plan(tuple(capacities), int(global_batch_size))
