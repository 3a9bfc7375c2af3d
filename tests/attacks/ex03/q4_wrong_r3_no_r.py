# INTENT: forgets Keras' 1/R: n_r / G.
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    total = sum(per_replica_batch_sizes)
    return [n / total for n in per_replica_batch_sizes]
