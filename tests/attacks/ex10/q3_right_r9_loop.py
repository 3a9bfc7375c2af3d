def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    y = np.array(x, copy=True)
    first_choice = np.asarray(first_choice)
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(first_choice == e)[:capacity]
        if len(idx) == 0:
            continue
        out = np.asarray(expert(x[idx]))
        y[idx] = x[idx] + np.asarray(gates)[idx, None].astype(x.dtype) * out.astype(x.dtype)
    return y
