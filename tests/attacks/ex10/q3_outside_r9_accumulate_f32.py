# INTENT: kept rows computed via float32 (the expert's output cast down) even when x is float64: ~1e-7 rounding in y
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx):
            upd = (np.asarray(gates)[idx, None] * expert(x[idx])).astype(np.float32)
            y[idx] = x[idx] + upd
    return y
