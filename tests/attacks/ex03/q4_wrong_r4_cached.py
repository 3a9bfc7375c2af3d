# INTENT: caches by number of replicas
_W = {}
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    R, G = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    return _W.setdefault(R, [R * n / G for n in per_replica_batch_sizes])
