# INTENT: runs each expert on ALL its tokens (kept and dropped) and keeps the first capacity outputs: right numbers, but dropped tokens reach the expert
import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice = np.asarray(first_choice)
    y = np.array(x, copy=True)
    for e, expert in enumerate(experts):
        mine = np.flatnonzero(first_choice == e)
        if len(mine):
            out = expert(x[mine])[:capacity]
            idx = mine[:capacity]
            y[idx] = x[idx] + np.asarray(gates)[idx, None] * out
    return y
