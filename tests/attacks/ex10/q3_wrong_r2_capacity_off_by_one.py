# INTENT: off-by-one - keeps a token while its position <= capacity (capacity + 1 places) (public check: caught)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = np.array(x, dtype=np.float64)
    for e, fn in enumerate(experts):
        idx = np.flatnonzero(first_choice == e)
        idx = idx[[p <= capacity for p in range(len(idx))]] if len(idx) else idx
        if len(idx):
            y[idx] += gates[idx, None] * fn(x[idx])
    return y
