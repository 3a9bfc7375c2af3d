def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    T = len(x)
    seen = [0] * len(experts)
    kept = np.zeros(T, dtype=bool)
    for t in range(T):
        e = int(first_choice[t])
        if seen[e] < capacity:
            kept[t] = True
        seen[e] += 1
    y = x.copy()
    for e in range(len(experts)):
        rows = np.where(kept & (np.asarray(first_choice) == e))[0]
        out = np.asarray(experts[e](x[rows]))          # possibly a 0 x d array: the expert is given no token
        y[rows] = y[rows] + np.asarray(gates)[rows][:, None].astype(x.dtype) * out.astype(x.dtype)
    return y
