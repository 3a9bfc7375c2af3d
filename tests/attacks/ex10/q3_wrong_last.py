# INTENT: keeps the LAST capacity tokens of each expert (later tokens first) instead of the first ones. (public check: caught)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x, dtype=np.float64)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(np.asarray(first_choice) == e)
        idx = idx[len(idx) - min(capacity, len(idx)):]
        if len(idx):
            y[idx] = x[idx] + np.asarray(gates)[idx][:, None] * expert(x[idx])
    return y
