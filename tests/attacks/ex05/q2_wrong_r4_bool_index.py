# INTENT: micro-batch indices as floats (range via numpy linspace): ("F", 0.0) instead of ("F", 0)
import numpy as np
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    idx = list(np.linspace(0, m - 1, m)) if m else []
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", idx[i]) for i in range(warm)]
        f, b = warm, 0
        while f < m:
            order.append(("F", idx[f])); f += 1
            order.append(("B", idx[b])); b += 1
        order += [("B", idx[i]) for i in range(b, m)]
        orders.append(order)
    return orders
