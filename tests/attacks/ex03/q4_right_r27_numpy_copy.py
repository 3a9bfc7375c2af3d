# INTENT: right: a float64 NumPy copy of the batch sizes (never a view of the caller's array), scaled by R / G with Python-int G, returned as a new array.
import numpy as np


def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = np.array([int(n) for n in per_replica_batch_sizes], dtype=np.float64)   # a copy, exact below 2**53
    total = sum(int(n) for n in per_replica_batch_sizes)
    return sizes * len(sizes) / total
