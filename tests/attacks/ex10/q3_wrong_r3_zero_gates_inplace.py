# INTENT: sets the gates of dropped tokens to 0 in the caller's array, then y = x + gates * out
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    out = np.zeros_like(x)
    for e, expert in enumerate(experts):
        mine = np.nonzero(fc == e)[0]
        gates[mine[capacity:]] = 0.0
        keep = mine[:capacity]
        if len(keep):
            out[keep] = expert(x[keep])
    return x + gates[:, None] * out
