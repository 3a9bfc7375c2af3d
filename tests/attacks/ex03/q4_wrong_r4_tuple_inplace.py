# INTENT: writes the weights into the given list in place and returns it
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    R, G = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    for i, n in enumerate(per_replica_batch_sizes):
        per_replica_batch_sizes[i] = R * n / G
    return per_replica_batch_sizes
