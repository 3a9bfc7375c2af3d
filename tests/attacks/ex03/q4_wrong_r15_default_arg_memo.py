# INTENT: wrong: memoizes in a default-argument dict keyed by the batches (state kept between calls)
def fit_sample_weights(per_replica_batch_sizes, _memo={}):
    key = tuple(int(n) for n in per_replica_batch_sizes)
    if key not in _memo:
        _memo[key] = [len(key) * n / sum(key) for n in key]
    return list(_memo[key])
