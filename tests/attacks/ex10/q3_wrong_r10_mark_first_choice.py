# INTENT: marks dropped tokens by setting first_choice[t] = -1 in the caller's array, then routes what is left
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = first_choice
    counts = [0] * len(experts)
    for t in range(len(fc)):
        e = int(fc[t])
        counts[e] += 1
        if counts[e] > capacity:
            fc[t] = -1
    y = x.copy()
    for e in range(len(experts)):
        kept = np.flatnonzero(np.asarray(fc) == e)
        if len(kept):
            y[kept] = x[kept] + (np.asarray(gates)[kept, None] * np.asarray(experts[e](x[kept]))).astype(x.dtype)
    return y
