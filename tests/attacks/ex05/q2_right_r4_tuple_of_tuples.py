# INTENT: returns a tuple of tuples (a generator-like immutable structure) instead of a list of p lists
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    def stage(s):
        warm = min(p - s - 1, m)
        yield from (("F", i) for i in range(warm))
        f, b = warm, 0
        while f < m:
            yield ("F", f); f += 1
            yield ("B", b); b += 1
        yield from (("B", i) for i in range(b, m))
    return tuple(tuple(stage(s)) for s in range(p))
