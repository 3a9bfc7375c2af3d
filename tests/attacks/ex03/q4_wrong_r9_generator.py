# INTENT: returns a lazy generator instead of a list: it is exhausted after one read, so a caller reading the result twice sees no weights the second time
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    R, G = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    return (R * n / G for n in per_replica_batch_sizes)
