# INTENT: edge case - calls every expert, also with an empty 0 x d array when no token chose it (an expert nobody chose still gets called) (public check: passed)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = np.array(x, dtype=np.float64)
    for e, fn in enumerate(experts):
        idx = np.flatnonzero(first_choice == e)[:capacity]
        out = np.asarray(fn(x[idx])).reshape(len(idx), -1)
        y[idx] += gates[idx, None] * out
    return y
