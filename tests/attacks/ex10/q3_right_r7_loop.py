def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(first_choice == e)[:capacity]
        if len(kept) == 0:
            continue
        y[kept] = x[kept] + np.asarray(gates)[kept, None] * expert(x[kept])
    return y
