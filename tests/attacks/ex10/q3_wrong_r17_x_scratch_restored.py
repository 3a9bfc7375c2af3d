# INTENT: wrong: builds y inside the caller's x (writes the kept rows into x), copies it out, then puts x's original bytes back: x is written into during the call
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    g = np.asarray(gates).astype(x.dtype)
    saved = x.tobytes()
    jobs = []
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx):
            jobs.append((idx, np.asarray(expert(x[idx])).astype(x.dtype)))
    for idx, out in jobs:
        x[idx] = x[idx] + g[idx, None] * out
    y = x.copy()
    x[...] = np.frombuffer(saved, dtype=x.dtype).reshape(x.shape)
    return y
