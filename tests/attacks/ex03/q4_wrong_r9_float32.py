# INTENT: returns the weights as float32 (what Keras will use anyway): R n_r / G is rounded to float32, e.g. [3, 2] -> 1.2 and 0.8 are not exact, ~5e-8 relative error
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    import numpy as np
    n = np.asarray(per_replica_batch_sizes, dtype=np.float32)
    return (len(n) * n / n.sum()).astype(np.float32)
