# INTENT: wrong: remembers the previous result on a class attribute and empties its lists on the next call ("release the old schedule"): the caller's earlier schedule is edited behind its back
class _Last:
    result = None

def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    if _Last.result is not None:
        for order in _Last.result:
            order.clear()
    result = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        for k in range(m - warm):
            order += [("F", warm + k), ("B", k)]
        order += [("B", k) for k in range(m - warm, m)]
        result.append(order)
    _Last.result = result
    return result
