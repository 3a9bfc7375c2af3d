# INTENT: wrong: memoises the shards on a class attribute keyed by (shapes, dtype, d) only: new weights of the same shapes get the old weights' shards
class _Shards:
    memo = {}

def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"{h} not divisible by {d}")
    key = (tuple(w1.shape), tuple(w2.shape), str(w1.dtype), int(d))
    if key not in _Shards.memo:
        c = h // d
        _Shards.memo[key] = [(w1[:, k*c:(k+1)*c].copy(), b1[k*c:(k+1)*c].copy(), w2[k*c:(k+1)*c, :].copy()) for k in range(d)]
    return [tuple(a.copy() for a in shard) for shard in _Shards.memo[key]]
