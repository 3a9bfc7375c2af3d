# RULED wrong (issue 38, round 14; was outside): float32 arithmetic on a float64 x's kept rows (~1e-7): the lead's ruling of round 14, float64 in, float64 arithmetic: the prompt now says so and a float64 x is checked to 1e-10
# INTENT: the gated expert output is formed in float32 (gates cast to float32 "to match the layer"), so a float64 x gets float32-rounded updates on its kept rows
# RULED outside (issue 38, round 10; filed wrong): float32 arithmetic on a kept row, within the 1e-5 the prompt states (rounds 5, 7, 9: gate_float32, gate_cast, accumulate_f32)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    g = np.asarray(gates, dtype=np.float32)
    y = x.copy()
    for e in range(len(experts)):
        kept = np.flatnonzero(fc == e)[:capacity]
        if len(kept):
            y[kept] = (x[kept].astype(np.float32) + g[kept, None] * np.asarray(experts[e](x[kept]), dtype=np.float32))
    return y
