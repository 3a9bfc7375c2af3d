# INTENT: remembers the number of replicas of the first call (the strategy "does not change") and reuses it.
_R = []
def fit_sample_weights(per_replica_batch_sizes):
    sizes = list(per_replica_batch_sizes)
    if not _R:
        _R.append(len(sizes))
    G = sum(sizes)
    return [_R[0] * n / G for n in sizes]
