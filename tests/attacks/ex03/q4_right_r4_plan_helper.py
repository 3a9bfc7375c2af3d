# INTENT: correct via the lesson's helper
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    from gpukit import batching
    return list(batching.sample_weights(per_replica_batch_sizes))
