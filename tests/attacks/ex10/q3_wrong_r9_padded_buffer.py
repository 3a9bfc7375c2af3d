# INTENT: like the real layer, each expert gets a capacity-row buffer padded with zeros (others than its kept tokens)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        buf = np.zeros((capacity, x.shape[1]), dtype=x.dtype)
        buf[:len(idx)] = x[idx]
        out = expert(buf)[:len(idx)]
        y[idx] = x[idx] + (np.asarray(gates)[idx, None] * out).astype(x.dtype)
    return y
