# INTENT: returns one weight per EXAMPLE (G weights), not one per replica.
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    r, total = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    return [r * n / total for n in per_replica_batch_sizes for _ in range(n)]
