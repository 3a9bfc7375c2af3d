# INTENT: fit's default weights (all 1).
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    return [1.0 for _ in per_replica_batch_sizes]
