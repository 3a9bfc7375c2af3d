# INTENT: indices as np.int8 (compact): wrap around past 127 micro-batches
import numpy as np

def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    idx = np.arange(m).astype(np.int8)
    orders = []
    for s in range(p):
        warmup = min(p - s - 1, m)
        order = [("F", idx[i]) for i in range(warmup)]
        for i in range(m - warmup):
            order += [("F", idx[warmup + i]), ("B", idx[i])]
        order += [("B", idx[i]) for i in range(m - warmup, m)]
        orders.append(order)
    return orders
