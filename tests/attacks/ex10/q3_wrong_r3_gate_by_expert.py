# INTENT: indexes the gates by expert instead of by token
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        keep = np.nonzero(fc == e)[0][:capacity]
        if len(keep):
            y[keep] = x[keep] + gates[e] * expert(x[keep])
    return y
