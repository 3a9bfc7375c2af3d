# INTENT: wrong: replaces sys.displayhook for the session to pretty-print the schedule
import sys as _sys, pprint as _pprint
_sys.displayhook = lambda v: None if v is None else _pprint.pprint(v)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        f, b = warm, 0
        while f < m:
            order.append(("F", f)); f += 1
            order.append(("B", b)); b += 1
        while b < m:
            order.append(("B", b)); b += 1
        orders.append(order)
    return orders
