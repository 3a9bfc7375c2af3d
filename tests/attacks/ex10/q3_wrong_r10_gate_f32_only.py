# RULED wrong (issue 38, round 14; was outside): float32 arithmetic on a float64 x's kept rows (~1e-7): the lead's ruling of round 14, float64 in, float64 arithmetic: the prompt now says so and a float64 x is checked to 1e-10
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
