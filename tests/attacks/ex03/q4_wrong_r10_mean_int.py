# INTENT: the mean batch G / R computed with integer division (sizes are ints): wrong whenever R does not divide G
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    mean = sum(sizes) // len(sizes)
    return [n / mean for n in sizes]
