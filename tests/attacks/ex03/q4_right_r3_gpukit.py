def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    return list(uneven_batches.sample_weights(per_replica_batch_sizes))
