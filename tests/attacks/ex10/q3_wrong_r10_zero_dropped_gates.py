# INTENT: zeroes the caller's gates of dropped tokens in place (gates[t] = 0) and then adds gate * output for every kept token: writes into the caller's gates
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    seen = {}
    for t in range(len(fc)):
        e = int(fc[t])
        seen[e] = seen.get(e, 0) + 1
        if seen[e] > capacity:
            gates[t] = 0.0
    y = x.copy()
    for e in range(len(experts)):
        kept = np.flatnonzero((fc == e) & (np.asarray(gates) != 0))
        if len(kept):
            y[kept] = x[kept] + (np.asarray(gates)[kept, None] * np.asarray(experts[e](x[kept]))).astype(x.dtype)
    return y
