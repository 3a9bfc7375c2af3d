# INTENT: memoises per sizes tuple and hands back the SAME list object: a caller that edits its result changes later answers.
_cache = {}
def fit_sample_weights(per_replica_batch_sizes):
    key = tuple(int(n) for n in per_replica_batch_sizes)
    if key not in _cache:
        R, G = len(key), sum(key)
        _cache[key] = [R * n / G for n in key]
    return _cache[key]
