# INTENT: normalises by the mean batch computed with integer division (G // R): wrong when R does not divide G.
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    mean = sum(per_replica_batch_sizes) // len(per_replica_batch_sizes)
    return [n / mean for n in per_replica_batch_sizes]
