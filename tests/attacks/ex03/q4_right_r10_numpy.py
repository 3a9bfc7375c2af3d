import numpy as np


def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    n = np.array(per_replica_batch_sizes, dtype=np.float64)
    return n / n.mean()
