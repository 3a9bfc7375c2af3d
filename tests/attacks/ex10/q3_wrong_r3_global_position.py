# INTENT: kept when the token index is below capacity * E (a global budget instead of a per-expert one)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    y = x.copy()
    budget = capacity * len(experts)
    for e, expert in enumerate(experts):
        mine = np.nonzero(fc == e)[0]
        mine = mine[mine < budget]
        if len(mine):
            y[mine] = x[mine] + np.asarray(gates)[mine, None] * expert(x[mine])
    return y
