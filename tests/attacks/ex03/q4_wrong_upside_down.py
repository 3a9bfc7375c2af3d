# INTENT: the weights upside down: G / (R * n_r). (public check: caught)
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    total, replicas = sum(per_replica_batch_sizes), len(per_replica_batch_sizes)
    return [total / (replicas * n) for n in per_replica_batch_sizes]
