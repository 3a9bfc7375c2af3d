# INTENT: returns a lazy map object: one pass gives the weights, a second read of the same result gives nothing (not a list of weights)
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    R, G = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    return map(lambda n: R * n / G, per_replica_batch_sizes)
