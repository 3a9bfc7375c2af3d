# INTENT: each stage's order is a generator (lazy), not a list or tuple: it can only be read once
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    def stage(s):
        warmup = min(p - s - 1, m)
        yield from (("F", i) for i in range(warmup))
        for i in range(m - warmup):
            yield ("F", warmup + i)
            yield ("B", i)
        yield from (("B", i) for i in range(m - warmup, m))
    return [stage(s) for s in range(p)]
