# INTENT: wrong: micro-batch indices from numpy uint8 (8 bits, below the 32 the contract allows), which wrap past 255 for large m.
import numpy as np

def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    idx = np.arange(m).astype(np.uint8)
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", idx[i]) for i in range(warm)]
        for k in range(m - warm):
            order += [("F", idx[warm + k]), ("B", idx[k])]
        order += [("B", idx[k]) for k in range(m - warm, m)]
        orders.append(order)
    return orders
