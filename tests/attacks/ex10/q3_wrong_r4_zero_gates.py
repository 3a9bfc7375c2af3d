# INTENT: zeroes the gates of dropped tokens in the caller's gates array (gates[dropped] = 0), writing into an input
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(fc == e)
        gates[rows[capacity:]] = 0.0
        kept = rows[:capacity]
        if len(kept):
            y[kept] = x[kept] + gates[kept, None] * expert(x[kept])
    return y
