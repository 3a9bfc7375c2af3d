# INTENT: normalises the weights so the EXAMPLE weights sum to G (w_r = G / (R * n_r))... upside-down only for uneven replicas; with R=1 it is 1
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    total = sum(sizes)
    return [total / (len(sizes) * n) for n in sizes]
