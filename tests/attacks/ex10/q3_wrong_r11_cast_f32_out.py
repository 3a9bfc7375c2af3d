# RULED wrong (issue 38, round 14; was outside): float32 arithmetic on a float64 x's kept rows (~1e-7): the lead's ruling of round 14, float64 in, float64 arithmetic: the prompt now says so and a float64 x is checked to 1e-10
# INTENT: expert output cast to float32 before adding (kept rows of a float64 x lose precision)
# RULED outside (issue 38, round 11; filed wrong): float32 arithmetic on a kept row (~1e-7) is within the 1e-5 the prompt states, as rounds 5, 7, 9 and 10 ruled (residual_f32, gate_f32); dropped rows stay exact
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice); g = np.asarray(gates, dtype=np.float32)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx):
            y[idx] = x[idx] + (g[idx, None] * np.asarray(expert(x[idx]), dtype=np.float32))
    return y
