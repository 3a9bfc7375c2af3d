# INTENT: wrong: keeps a reference to every schedule it returned on a class attribute (a log): the caller's lists are shared with state that outlives the call
class _Log:
    returned = []

def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    result = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        for k in range(m - warm):
            order += [("F", warm + k), ("B", k)]
        order += [("B", k) for k in range(m - warm, m)]
        result.append(order)
    _Log.returned.append(result)
    return result
