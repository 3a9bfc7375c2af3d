# INTENT: passes as lists ["F", i] and the micro-batch index as numpy int64, not the pairs ("F", i) of ints the contract names
import numpy as np
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [["F", np.int64(i)] for i in range(warm)]
        f, b = warm, 0
        while f < m:
            order.append(["F", np.int64(f)]); f += 1
            order.append(["B", np.int64(b)]); b += 1
        order += [["B", np.int64(i)] for i in range(b, m)]
        orders.append(order)
    return orders
