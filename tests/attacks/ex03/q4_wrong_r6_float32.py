# INTENT: returns the weights as float32 (as a TF tensor would hold them): ~1e-7 relative error, not exact
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    import numpy as np
    n = np.asarray(per_replica_batch_sizes, dtype=np.float32)
    return list(n * np.float32(len(n)) / n.sum())
