# INTENT: forgets fit's 1/R: w_r = n_r / G, so the loss is R times too small. (public check: caught)
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    total = sum(per_replica_batch_sizes)
    return [n / total for n in per_replica_batch_sizes]
