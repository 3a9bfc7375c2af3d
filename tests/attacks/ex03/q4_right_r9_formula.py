def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    R, G = len(sizes), sum(sizes)
    return [R * n / G for n in sizes]
