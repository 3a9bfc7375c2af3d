# INTENT: wrong: prepends a folder to sys.path for the session (to import a helper), left changed
import sys as _sys, tempfile as _tf0
_sys.path.insert(0, _tf0.gettempdir())
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
