# INTENT: writes the weights into the caller's list (modifies its input in place) and returns it.
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    r, total = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    for i, n in enumerate(per_replica_batch_sizes):
        per_replica_batch_sizes[i] = r * n / total
    return per_replica_batch_sizes
