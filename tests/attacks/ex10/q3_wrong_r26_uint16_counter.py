# INTENT: wrong: per-expert place counters kept in uint16 -- past 65 535 tokens to one expert the counter wraps to 0 and later tokens get places again (the 33 000-token test stays below the wrap).
import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    choice = np.asarray(first_choice)
    taken = np.zeros(len(experts), dtype=np.uint16)           # places used per expert
    keep = np.zeros(len(choice), dtype=bool)
    with np.errstate(over="ignore"):
        for t, e in enumerate(choice.tolist()):
            keep[t] = taken[e] < capacity
            taken[e] += np.uint16(1)
    y = x.copy()
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(keep & (choice == e))
        if kept.size:
            out = np.asarray(expert(x[kept])).astype(x.dtype)
            y[kept] = x[kept] + np.asarray(gates)[kept].astype(x.dtype)[:, None] * out
    return y
