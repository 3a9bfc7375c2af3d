# INTENT: memoizes the schedule (functools.lru_cache) so repeated calls return the SAME lists: a caller that edits one result corrupts the next call's (the prompt: a list of its own per stage, new on every call)
import functools

@functools.lru_cache(maxsize=None)
def _cached(p, m):
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
    return _cached(p, m)
