# INTENT: float32 weights (rounded): nearly right
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    import numpy as np
    R, G = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    return list(np.asarray([R * n / G for n in per_replica_batch_sizes], np.float16))
