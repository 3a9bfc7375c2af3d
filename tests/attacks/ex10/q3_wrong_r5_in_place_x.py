# INTENT: writes the outputs into x itself and returns it (saves a copy): the caller's tokens are overwritten
import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice = np.asarray(first_choice)
    y = x
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(first_choice == e)[:capacity]
        if len(idx):
            y[idx] = x[idx] + np.asarray(gates)[idx, None] * expert(x[idx])
    return y
