# INTENT: calls an expert per token with a 1-D row x[t] (shape (d,)) instead of the n x d array the experts take
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        for t in np.flatnonzero(fc == e)[:capacity]:
            y[t] = x[t] + gates[t] * np.reshape(expert(x[t]), -1)
    return y
