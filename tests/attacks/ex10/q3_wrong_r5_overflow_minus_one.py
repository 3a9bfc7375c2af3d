# INTENT: when an expert overflows it keeps one place free (capacity - 1 tokens, "headroom"); at exactly the load or below it keeps all
import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice = np.asarray(first_choice)
    y = np.array(x, copy=True)
    for e, expert in enumerate(experts):
        mine = np.flatnonzero(first_choice == e)
        idx = mine[:capacity - 1] if len(mine) > capacity else mine[:capacity]
        if len(idx):
            y[idx] = x[idx] + np.asarray(gates)[idx, None] * expert(x[idx])
    return y
