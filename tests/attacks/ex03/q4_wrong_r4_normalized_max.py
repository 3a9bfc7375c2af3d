# INTENT: n_r / mean, but the mean over distinct sizes
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    import numpy as np
    m = np.mean(sorted(set(per_replica_batch_sizes)))
    return [n / m for n in per_replica_batch_sizes]
