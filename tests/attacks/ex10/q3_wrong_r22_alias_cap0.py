# INTENT: wrong: when capacity is 0 (nothing kept) it returns x itself "since y == x", breaking the new-array rule.
import numpy as np
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    if capacity <= 0:
        return x[...]
    y = x.copy()
    fc = np.asarray(first_choice)
    for e, fn in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        if idx.size:
            y[idx] = x[idx] + np.asarray(gates)[idx].astype(x.dtype)[:, None] * np.asarray(fn(x[idx]), dtype=x.dtype)
    return y
