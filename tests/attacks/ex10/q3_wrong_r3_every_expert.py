# INTENT: runs every expert on every token, then masks (the capacity rule applied after the compute)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        out = expert(x)
        mine = np.nonzero(fc == e)[0][:capacity]
        y[mine] = x[mine] + np.asarray(gates)[mine, None] * out[mine]
    return y
