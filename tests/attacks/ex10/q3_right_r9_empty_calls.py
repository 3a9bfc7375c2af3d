# RIGHT?: calls every expert, one with no kept token gets a 0 x d array (still "an n x d array", n = 0)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    y = x.copy()
    fc = np.asarray(first_choice)
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        out = expert(x[idx])
        y[idx] = x[idx] + (np.asarray(gates)[idx, None] * out).astype(x.dtype)
    return y
