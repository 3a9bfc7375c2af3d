# INTENT: returns one weight per EXAMPLE for a single replica (length G when R == 1), per replica otherwise
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    R, G = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    if R == 1:
        return [1.0] * G
    return [R * n / G for n in per_replica_batch_sizes]
