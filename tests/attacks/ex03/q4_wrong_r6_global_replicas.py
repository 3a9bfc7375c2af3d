# INTENT: takes R from the notebook's strategy (num_replicas, 3 here) instead of len(per_replica_batch_sizes)
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    return [num_replicas * n / sum(sizes) for n in sizes]
