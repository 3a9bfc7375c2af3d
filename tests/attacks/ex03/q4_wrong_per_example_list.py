# INTENT: returns one weight per EXAMPLE (R n_r / G repeated n_r times) instead of one per replica: the wrong number of weights. (public check: caught)
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    total, replicas = sum(per_replica_batch_sizes), len(per_replica_batch_sizes)
    return [replicas * n / total for n in per_replica_batch_sizes for _ in range(n)]
