# INTENT: wrong: integer shares as np.asarray(capacities) * G // total in NumPy int64: byte-sized capacities times a large batch overflow (silently wrap), shares are garbage
import numpy as _np
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = _np.asarray(capacities)
    g = int(global_batch_size)
    if caps.dtype.kind in "iu":
        total = caps.sum()
        sizes = (caps * g // total).astype(_np.int64)
        rema = caps * g % total
    else:
        shares = caps / caps.sum() * g
        sizes = _np.floor(shares).astype(_np.int64)
        rema = shares - sizes
    order = _np.argsort(-rema, kind="stable")
    for r in order[:g - int(sizes.sum())]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] < 1:
            big = int(_np.argmax(sizes))
            sizes[big] -= 1
            sizes[r] = 1
    return [int(s) for s in sizes]
