# INTENT: wrong precision - casts the tokens to float32 before the experts (like the real layer); may hide within 1e-5 (public check: passed)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x32 = np.asarray(x, dtype=np.float32)
    y = x32.copy()
    for e, fn in enumerate(experts):
        idx = np.flatnonzero(np.asarray(first_choice) == e)[:capacity]
        if len(idx):
            y[idx] += np.asarray(gates, np.float32)[idx, None] * np.asarray(fn(x32[idx]), np.float32)
    return y
