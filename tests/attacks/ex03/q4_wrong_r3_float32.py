# INTENT: computes the weights in float32 (tf), close but rounded: the mean is only ~1e-7 exact.
import numpy as np

def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = np.asarray(per_replica_batch_sizes, dtype=np.float32)
    return list(np.float32(len(sizes)) * sizes / np.float32(sizes.sum()))
