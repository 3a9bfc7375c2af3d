import numpy as np


def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = np.asarray(capacities, dtype=np.float64)
    ideal = caps / caps.sum() * global_batch_size
    sizes = np.floor(ideal + 1e-9).astype(np.int64)
    sizes = np.minimum(sizes, np.ceil(ideal - 1e-9).astype(np.int64))
    left = int(global_batch_size - sizes.sum())
    frac = ideal - sizes
    for r in np.argsort(-frac, kind="stable")[:left]:
        sizes[r] += 1
    while (sizes < 1).any():
        r = int(np.argmin(sizes))
        donor = int(np.argmax(np.where(sizes > 1, sizes - ideal, -np.inf)))
        sizes[donor] -= 1
        sizes[r] += 1
    return sizes.tolist()
