# INTENT: n_r / (G // R): integer mean batch (wrong when G not divisible by R)
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    R, G = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    return [n / (G // R) for n in per_replica_batch_sizes]
