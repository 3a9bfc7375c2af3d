def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(np.asarray(first_choice) == e)[:capacity]
        out = expert(x[idx])                      # an expert with no token gets a 0 x d array
        y[idx] = x[idx] + np.asarray(gates)[idx][:, None] * out
    return y
