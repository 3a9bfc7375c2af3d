# INTENT: wrong - dropped tokens come out as zeros (no residual) instead of their input (public check: caught)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = np.zeros_like(x, dtype=np.float64)
    for e, fn in enumerate(experts):
        idx = np.flatnonzero(first_choice == e)[:capacity]
        if len(idx):
            y[idx] = x[idx] + gates[idx, None] * fn(x[idx])
    return y
