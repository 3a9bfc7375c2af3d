# INTENT: wrong: with capacity 0 returns np.array(x, dtype=float), a float64 copy, so a float32 x comes back in float64 (breaks "same dtype as x") on that path only.
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    if capacity == 0:
        return np.array(x, dtype=float)                   # nothing kept: a copy of the input
    x = np.asarray(x)
    fc = np.asarray(first_choice).astype(np.int64)
    g = np.asarray(gates).astype(x.dtype)
    y = x.copy()
    for e in range(len(experts)):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx):
            y[idx] += g[idx, None] * np.asarray(experts[e](x[idx]), dtype=x.dtype)
    return y
