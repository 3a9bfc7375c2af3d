# INTENT: wrong: each expert is given only the distinct kept rows (np.unique) and the outputs are scattered back -- an expert is not given all its kept tokens, in token order, when tokens repeat.
import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    choice = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(choice == e)[:capacity]
        if kept.size == 0:
            continue
        unique_rows, inverse = np.unique(x[kept], axis=0, return_inverse=True)   # run each distinct token once
        out = np.asarray(expert(np.ascontiguousarray(unique_rows))).astype(x.dtype)[inverse.ravel()]
        y[kept] = x[kept] + np.asarray(gates)[kept].astype(x.dtype)[:, None] * out
    return y
