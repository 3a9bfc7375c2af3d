def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    first_choice = np.asarray(first_choice)
    gates = np.asarray(gates)
    y = x.copy()
    for e, expert in enumerate(experts):
        mine = np.flatnonzero(first_choice == e)[:capacity]
        if len(mine) == 0:
            continue
        out = np.asarray(expert(x[mine]))
        y[mine] = x[mine] + gates[mine][:, None] * out
    return y
