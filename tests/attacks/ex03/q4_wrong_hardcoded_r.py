# INTENT: uses the notebook's num_replicas (3) for R instead of len(per_replica_batch_sizes): right only for 3 replicas. (public check: passed)
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    total = sum(per_replica_batch_sizes)
    return [num_replicas * n / total for n in per_replica_batch_sizes]
