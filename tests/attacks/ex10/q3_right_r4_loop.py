def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = np.array(x, copy=True)
    first_choice = np.asarray(first_choice)
    for e, expert in enumerate(experts):
        mine = np.flatnonzero(first_choice == e)[:capacity]
        if len(mine):
            y[mine] = x[mine] + np.asarray(gates)[mine, None] * expert(x[mine])
    return y
