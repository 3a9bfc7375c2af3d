from functools import lru_cache


@lru_cache(maxsize=None)
def _stage(p, m, s):
    warmup = min(p - s - 1, m)
    ops = [("F", i) for i in range(warmup)]
    for k in range(m - warmup):
        ops += [("F", warmup + k), ("B", k)]
    ops += [("B", k) for k in range(m - warmup, m)]
    return tuple(ops)                      # immutable: may be shared


def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    return [_stage(p, m, s) for s in range(p)]
