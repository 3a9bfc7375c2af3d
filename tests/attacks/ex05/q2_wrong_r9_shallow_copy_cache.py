# INTENT: memoizes the schedule per (p, m) and returns a fresh outer list each call, but the per-stage lists inside are the cached ones: a caller editing a stage's order corrupts later calls
_CACHE = {}
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    if (p, m) not in _CACHE:
        orders = []
        for s in range(p):
            warmup = min(p - s - 1, m)
            order = [("F", i) for i in range(warmup)]
            for k in range(m - warmup):
                order += [("F", warmup + k), ("B", k)]
            order += [("B", k) for k in range(m - warmup, m)]
            orders.append(order)
        _CACHE[(p, m)] = orders
    return list(_CACHE[(p, m)])
