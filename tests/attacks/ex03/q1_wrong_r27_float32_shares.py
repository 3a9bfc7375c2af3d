# INTENT: wrong: computes the shares in float32 NumPy ("GPU-friendly"), so for a large global batch (above ~2**24) the ideal shares are off by more than 1 and sizes fall outside floor/ceil of the true share (breaks "its ideal share ... rounded down or up" at scale).
import numpy as np


def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = np.array(capacities, dtype=np.float32)
    quotas = caps / caps.sum() * np.float32(global_batch_size)
    sizes = np.floor(quotas).astype(np.int64)
    order = np.argsort(-(quotas - sizes), kind="stable")
    sizes[order[: int(global_batch_size - sizes.sum()) % len(sizes)]] += 1
    sizes[-1] += int(global_batch_size - sizes.sum())
    while (sizes == 0).any():
        sizes[np.argmax(sizes)] -= 1
        sizes[np.argmin(sizes)] = 1
    return [int(n) for n in sizes]
