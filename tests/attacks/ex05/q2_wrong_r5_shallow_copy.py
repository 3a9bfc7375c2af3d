# INTENT: caches the schedule but returns a shallow copy (list(cached)): the outer list is new, the per-stage lists are shared between calls
_cache = {}
def _build(p, m):
    out = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        f = warm
        for b in range(m):
            if f < m:
                order.append(("F", f))
                f += 1
            order.append(("B", b))
        out.append(order)
    return out


def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    if (p, m) not in _cache:
        _cache[(p, m)] = _build(p, m)
    return list(_cache[(p, m)])
