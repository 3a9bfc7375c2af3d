def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = x.copy()
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(np.asarray(first_choice) == e)[:capacity]
        if len(rows):
            out = expert(x[rows])
            y[rows] = x[rows] + gates[rows][:, None] * out
    return y
