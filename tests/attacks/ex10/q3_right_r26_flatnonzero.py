# INTENT: right: per expert, the first `capacity` token indices (flatnonzero, token order) go in one fancy-indexed call; y is a fresh copy of x, kept rows x + gate*out in x's dtype.
import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    choice = np.asarray(first_choice)
    g = np.asarray(gates).astype(x.dtype)                    # a new array: gates untouched
    y = np.array(x, copy=True)
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(choice == e)[:max(int(capacity), 0)]
        if kept.size == 0:
            continue
        rows = np.ascontiguousarray(x[kept])                 # a copy of the kept rows, x's dtype
        out = np.asarray(expert(rows)).astype(x.dtype, copy=False)
        y[kept] = x[kept] + g[kept][:, None] * out
    return y
