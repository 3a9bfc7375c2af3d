# INTENT: probes every expert once with token 0 (to check its output shape) before routing: token 0 reaches experts that did not keep it
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    for expert in experts:
        assert expert(x[:1]).shape == (1, x.shape[1])
    y = x.copy()
    for e, expert in enumerate(experts):
        keep = np.nonzero(fc == e)[0][:capacity]
        if len(keep):
            y[keep] = x[keep] + gates[keep, None] * expert(x[keep])
    return y
