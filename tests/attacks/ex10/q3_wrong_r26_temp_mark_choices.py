# INTENT: wrong: when first_choice is writeable it marks dropped tokens in place (-1) and puts the values back before returning -- the contract forbids writing the inputs even for a while.
import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    choice = np.asarray(first_choice)
    marked = []
    if choice.flags.writeable:                                # mark dropped tokens in place (no copy)
        for e in range(len(experts)):
            over = np.flatnonzero(choice == e)[capacity:]
            marked.append((over, e))
            choice[over] = -1
        groups = [np.flatnonzero(choice == e) for e in range(len(experts))]
        for over, e in marked:                                # put them back before the experts run
            choice[over] = e
    else:
        groups = [np.flatnonzero(choice == e)[:capacity] for e in range(len(experts))]
    y = x.copy()
    for e, kept in enumerate(groups):
        if kept.size:
            out = np.asarray(experts[e](x[kept])).astype(x.dtype)
            y[kept] = x[kept] + np.asarray(gates)[kept].astype(x.dtype)[:, None] * out
    return y
