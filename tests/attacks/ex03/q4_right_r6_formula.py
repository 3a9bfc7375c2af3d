def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    replicas, total = len(sizes), sum(sizes)
    return [replicas * n / total for n in sizes]
