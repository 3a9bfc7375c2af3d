# INTENT: dropped tokens lost: y starts at zeros, only kept rows filled
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    y = np.zeros_like(x)
    for e, expert in enumerate(experts):
        mine = np.nonzero(fc == e)[0][:capacity]
        if len(mine):
            y[mine] = x[mine] + np.asarray(gates)[mine, None] * expert(x[mine])
    return y
