# INTENT: casts the gates to float32 once ("router probabilities are float32"), so a float64 x's kept rows use a rounded gate
# RULED outside (issue 38, round 10; filed wrong): the gates rounded to float32, within the 1e-5 the prompt states (round 5's gate_float32)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    g = np.asarray(gates).astype(np.float32)
    y = x.copy()
    for e in range(len(experts)):
        kept = np.flatnonzero(fc == e)[:capacity]
        if len(kept):
            y[kept] += g[kept, None] * np.asarray(experts[e](x[kept]))
    return y
