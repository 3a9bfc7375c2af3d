# INTENT: groups tokens by expert with np.argsort (default quicksort, not stable) and keeps the first capacity of each group: for longer batches the kept tokens are not the first in token order
import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice = np.asarray(first_choice)
    y = np.array(x, copy=True)
    for e, expert in enumerate(experts):
        order = np.argsort(first_choice)
        idx = order[first_choice[order] == e][:capacity]
        if len(idx):
            y[idx] = x[idx] + np.asarray(gates)[idx, None] * expert(x[idx])
    return y
