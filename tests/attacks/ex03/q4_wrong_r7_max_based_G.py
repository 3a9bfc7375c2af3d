# INTENT: takes the global batch as R x the largest (the "full" replica batch) instead of the sum.
def fit_sample_weights(per_replica_batch_sizes):
    sizes = list(per_replica_batch_sizes)
    R = len(sizes)
    return [n / max(sizes) for n in sizes]
