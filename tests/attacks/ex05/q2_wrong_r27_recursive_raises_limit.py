# INTENT: wrong: builds the steady 1F1B phase recursively and raises Python's recursion limit to survive large m, changing a setting of the whole session (the "leave the session as you found it" rule).
import sys

def _steady(f, b, m, out):
    if f >= m:
        return out
    out += [("F", f), ("B", b)]
    return _steady(f + 1, b + 1, m, out)

def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    if sys.getrecursionlimit() < 4 * m + 100:
        sys.setrecursionlimit(4 * m + 100)
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = _steady(warm, 0, m, [("F", i) for i in range(warm)])
        order += [("B", k) for k in range(m - warm, m)]
        orders.append(order)
    return orders
