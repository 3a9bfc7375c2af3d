# INTENT: batch-prioritized routing: each expert keeps the capacity tokens with the HIGHEST gates (Switch/V-MoE BPR), not the first in token order
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(fc == e)
        rows = np.sort(rows[np.argsort(-np.asarray(gates)[rows], kind='stable')][:capacity])
        if len(rows):
            y[rows] = x[rows] + gates[rows, None] * expert(x[rows])
    return y
