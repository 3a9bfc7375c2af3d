# INTENT: marks dropped tokens by writing -1 into the caller's first_choice (in place)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    y = x.copy()
    for e, expert in enumerate(experts):
        mine = np.nonzero(first_choice == e)[0]
        first_choice[mine[capacity:]] = -1
        keep = mine[:capacity]
        if len(keep):
            y[keep] = x[keep] + gates[keep, None] * expert(x[keep])
    return y
