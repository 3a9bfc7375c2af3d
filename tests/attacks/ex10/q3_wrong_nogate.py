# INTENT: forgets the gate: kept rows are x + expert(x) instead of x + gate * expert(x). (public check: caught)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x, dtype=np.float64)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(np.asarray(first_choice) == e)[:capacity]
        if len(idx):
            y[idx] = x[idx] + expert(x[idx])
    return y
