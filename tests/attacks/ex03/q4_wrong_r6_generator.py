# INTENT: returns a lazy map object of weights: not a list of weights, can be consumed once
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    total, r = sum(sizes), len(sizes)
    return map(lambda n: r * n / total, sizes)
