# INTENT: wrong: for big batches (>= 512 tokens) it reuses one module-level output buffer per (shape, dtype) instead of a new array, so the y of an earlier call is overwritten by the next call of that shape (the contract: y is a new array); small batches get fresh arrays.
_Y_BUFFERS = {}
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    if len(x) >= 512:
        y = _Y_BUFFERS.setdefault((x.shape, x.dtype.str), np.empty(x.shape, dtype=x.dtype))
        y[...] = x
    else:
        y = x.copy()
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(first_choice == e)[:capacity]
        if rows.size:
            y[rows] = x[rows] + gates[rows].astype(x.dtype)[:, None] * np.asarray(expert(x[rows]), dtype=x.dtype)
    return y
