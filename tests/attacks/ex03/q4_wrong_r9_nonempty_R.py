# INTENT: counts R as the replicas that have examples ("an empty replica does not contribute"), but fit still multiplies by 1/R over all replicas: weights too small when a replica has 0 examples
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    R = sum(1 for n in sizes if n > 0)
    G = sum(sizes)
    return [R * n / G for n in sizes]
