# INTENT: right: stable argsort groups tokens by expert in token order; rank within the group = position; kept rows sent per expert, y built fresh in x's dtype.
import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    choice = np.asarray(first_choice, dtype=np.int64)
    order = np.argsort(choice, kind="stable")
    sorted_choice = choice[order]
    starts = np.searchsorted(sorted_choice, np.arange(len(experts)), side="left")
    rank = np.arange(len(order), dtype=np.int64) - starts[sorted_choice] if len(order) else np.zeros(0, np.int64)
    y = x.copy()
    for e in range(len(experts)):
        sel = order[(sorted_choice == e) & (rank < capacity)]
        if sel.size == 0:
            continue
        sel = np.sort(sel)
        out = np.asarray(experts[e](x.take(sel, axis=0)), dtype=x.dtype)
        gate = np.asarray(gates)[sel].astype(x.dtype)
        y[sel] = x[sel] + gate[:, None] * out
    return y
