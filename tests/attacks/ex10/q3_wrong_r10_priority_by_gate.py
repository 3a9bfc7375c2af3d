# INTENT: batch-prioritised routing: each expert keeps the `capacity` tokens with the largest gates (not the first in token order), as later Switch work suggests
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    g = np.asarray(gates)
    y = x.copy()
    for e in range(len(experts)):
        mine = np.flatnonzero(fc == e)
        kept = np.sort(mine[np.argsort(-g[mine], kind="stable")][:capacity])
        if len(kept):
            y[kept] = x[kept] + (g[kept, None] * np.asarray(experts[e](x[kept]))).astype(x.dtype)
    return y
