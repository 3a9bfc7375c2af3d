# INTENT: when given a numpy float array, np.asarray returns the caller's own array and the in-place ops rewrite it (the list given must stay unchanged; with a list input it looks fine) (round 16: ruled wrong, a caller may pass a NumPy array)
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    import numpy as np
    w = np.asarray(per_replica_batch_sizes, dtype=np.float64)
    G = w.sum()
    w *= len(w)
    w /= G
    return w
