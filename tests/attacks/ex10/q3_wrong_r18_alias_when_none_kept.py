# INTENT: wrong: when no token is kept (capacity 0) it returns the caller's x itself, not a new y (y aliases x: writing y writes x)
def moe_forward(x, first_choice, gates, experts, capacity):
    fc = np.asarray(first_choice)
    g = np.asarray(gates)
    if int(capacity) == 0:
        return x
    y = np.array(x, copy=True)
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:int(capacity)]
        if idx.size == 0:
            continue
        out = np.asarray(expert(x[idx]), dtype=y.dtype)
        y[idx] = x[idx] + g[idx].astype(y.dtype)[:, None] * out
    return y
