# INTENT: wrong - forgets the gate: kept rows are input + expert output (public check: caught)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = np.array(x, dtype=np.float64)
    for e, fn in enumerate(experts):
        idx = np.flatnonzero(first_choice == e)[:capacity]
        if len(idx):
            y[idx] += fn(x[idx])
    return y
