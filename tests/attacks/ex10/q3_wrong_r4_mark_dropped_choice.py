# INTENT: marks dropped tokens with -1 in the caller's first_choice (a common 'dropped' convention), writing into an input
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    fc = np.asarray(first_choice)
    for e in range(len(experts)):
        rows = np.flatnonzero(fc == e)
        fc[rows[capacity:]] = -1
    y = x.copy()
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(fc == e)
        if len(rows):
            y[rows] = x[rows] + gates[rows, None] * expert(x[rows])
    return y
