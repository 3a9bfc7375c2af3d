# INTENT: wrong: results cached by (number of replicas, global batch): other sizes with the same R and G get the earlier weights (a copy, but stale)
_cache = {}
def fit_sample_weights(per_replica_batch_sizes):
    sizes = list(per_replica_batch_sizes)
    key = (len(sizes), sum(sizes))
    if key not in _cache:
        R, G = key
        _cache[key] = [R * n / G for n in sizes]
    return list(_cache[key])
