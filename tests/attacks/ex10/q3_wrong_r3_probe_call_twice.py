# INTENT: calls each expert twice on its kept tokens (once to probe the output width, once for real): each kept token is given to its expert twice
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        keep = np.nonzero(fc == e)[0][:capacity]
        if len(keep):
            assert expert(x[keep]).shape == x[keep].shape
            y[keep] = x[keep] + gates[keep, None] * expert(x[keep])
    return y
