# INTENT: wrong: stores the first choices as uint8 to save memory, so with more than 256 experts (301) the choices wrap and tokens go to the wrong expert.
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice).astype(np.uint8)
    g = np.asarray(gates).astype(x.dtype)
    y = x.copy()
    for e in range(len(experts)):
        idx = np.flatnonzero(fc == (e % 256))[:capacity]
        if len(idx):
            y[idx] += g[idx, None] * np.asarray(experts[e](x[idx]), dtype=x.dtype)
    return y
