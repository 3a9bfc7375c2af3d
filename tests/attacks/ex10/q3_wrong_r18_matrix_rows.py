# INTENT: wrong: hands the experts np.matrix rows (an ndarray subclass, not a plain n x d numpy array)
def moe_forward(x, first_choice, gates, experts, capacity):
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    g = np.asarray(gates)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:int(capacity)]
        if idx.size == 0:
            continue
        out = np.asarray(expert(np.asmatrix(x[idx])), dtype=x.dtype)
        y[idx] = x[idx] + g[idx].astype(x.dtype)[:, None] * out
    return y
