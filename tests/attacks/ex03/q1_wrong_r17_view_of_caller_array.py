# INTENT: wrong: when a NumPy capacities array already is a valid plan (whole, sums to the batch), returns caps.view(): a new array object that shares the caller's memory, so editing the plan edits the capacities
import numpy as _np
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    from fractions import Fraction
    import math
    g = int(global_batch_size)
    if isinstance(capacities, _np.ndarray):
        if capacities.dtype.kind in "iu" and int(capacities.sum()) == g and (capacities >= 1).all():
            return capacities.view()
    else:
        if all(isinstance(c, int) for c in capacities) and sum(capacities) == g and min(capacities) >= 1:
            return list(capacities)
    caps = [Fraction(float(c)) for c in list(capacities)]
    total = sum(caps)
    shares = [c / total * g for c in caps]
    sizes = [math.floor(s) for s in shares]
    order = sorted(range(len(sizes)), key=lambda r: shares[r] - sizes[r], reverse=True)
    for r in order[:g - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] < 1:
            big = max(range(len(sizes)), key=lambda j: sizes[j])
            sizes[big] -= 1
            sizes[r] = 1
    return [int(s) for s in sizes]
