# INTENT: gives each expert its kept tokens one at a time but in REVERSE order, last kept first, and the capacity counted from the end of the batch
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = x.copy()
    fc = np.asarray(first_choice)
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(fc == e)[::-1][:capacity]
        for t in rows:
            y[t] = x[t] + gates[t] * expert(x[t:t + 1])[0]
    return y
