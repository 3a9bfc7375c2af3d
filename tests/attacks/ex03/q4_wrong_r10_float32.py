# INTENT: returns the weights as a float32 array (what Keras stores sample weights as): R*n_r/G is rounded to float32
import numpy as np


def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    n = np.asarray(per_replica_batch_sizes, dtype=np.float32)
    return n * np.float32(len(n)) / n.sum()
