# INTENT: a single running counter of places over all experts (capacity * E places in token order, first come first served) instead of capacity places per expert
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    g = np.asarray(gates)
    E = len(experts)
    taken = 0
    kept = np.zeros(len(fc), dtype=bool)
    per = np.zeros(E, dtype=int)
    for t in range(len(fc)):
        if taken < capacity * E and per[fc[t]] < capacity + 1:
            kept[t] = True
            taken += 1
            per[fc[t]] += 1
    y = x.copy()
    for e in range(E):
        rows = np.flatnonzero(kept & (fc == e))
        if len(rows):
            y[rows] = x[rows] + (g[rows, None] * np.asarray(experts[e](x[rows]))).astype(x.dtype)
    return y
