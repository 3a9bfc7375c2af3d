# INTENT: (outside, round 13: wrong only for m > 32767, beyond the prompt's range: the hidden m reach 1500) indices as np.int16
import numpy as _np
def one_f_one_b(p, m):
    idx = _np.arange(m).astype(_np.int16)
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", idx[i]) for i in range(warm)]
        f, b = warm, 0
        while f < m:
            order.append(("F", idx[f])); f += 1
            order.append(("B", idx[b])); b += 1
        while b < m:
            order.append(("B", idx[b])); b += 1
        orders.append(order)
    return orders
