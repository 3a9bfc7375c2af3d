# INTENT: wrong: micro-batch indices stored as np.int16: they wrap past 32767 micro-batches (a narrowed dtype; prompt: i the micro-batch's index)
import numpy as np
def one_f_one_b(p, m):
    idx = np.arange(m, dtype=np.int64).astype(np.int16)
    result = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", idx[i]) for i in range(warm)]
        nb = 0
        for i in range(warm, m):
            order.append(("F", idx[i]))
            order.append(("B", idx[nb]))
            nb += 1
        order.extend(("B", idx[i]) for i in range(nb, m))
        result.append(order)
    return result
