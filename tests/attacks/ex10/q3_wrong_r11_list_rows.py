# INTENT: hands each expert its kept rows as a Python list of rows, not an n x d array
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice); g = np.asarray(gates)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx):
            out = np.asarray(expert([x[i] for i in idx]))
            y[idx] = x[idx] + g[idx, None] * out
    return y
