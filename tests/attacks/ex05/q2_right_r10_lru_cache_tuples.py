# INTENT: (ruled RIGHT in round 10: immutable tuples shared between calls are fine) memoizes with functools.lru_cache and returns the same tuple-of-tuples object on every call for the same (p, m): the prompt asks for a sequence per stage "new on every call" (its parenthesis allows sharing immutable tuples, so this probes that edge).
import functools

@functools.lru_cache(maxsize=None)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        for k in range(m - warm):
            order += [("F", warm + k), ("B", k)]
        order += [("B", i) for i in range(m - warm, m)]
        orders.append(tuple(order))
    return tuple(orders)
