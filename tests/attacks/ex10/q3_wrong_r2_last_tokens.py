# INTENT: wrong - keeps the LAST capacity tokens of each expert instead of the first (public check: caught)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = np.array(x, dtype=np.float64)
    for e, fn in enumerate(experts):
        idx = np.flatnonzero(first_choice == e)[-capacity:]
        if len(idx):
            y[idx] += gates[idx, None] * fn(x[idx])
    return y
