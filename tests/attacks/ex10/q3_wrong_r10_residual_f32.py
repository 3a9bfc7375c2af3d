# RULED wrong (issue 38, round 14; was outside): float32 arithmetic on a float64 x's kept rows (~1e-7): the lead's ruling of round 14, float64 in, float64 arithmetic: the prompt now says so and a float64 x is checked to 1e-10
# INTENT: takes the residual of a kept token through float32 ("the layer runs in float32"): y's kept rows get x rounded to float32 plus the gated output, for a float64 x
# RULED outside (issue 38, round 10; filed wrong): a kept row is checked to 1e-5 (the prompt says so); float32 rounding there is ~1e-7, as rounds 5, 7 and 9 ruled (gate_float32, gate_cast, accumulate_f32); a dropped row must be its input exactly
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    g = np.asarray(gates)
    y = x.copy()
    for e in range(len(experts)):
        kept = np.flatnonzero(fc == e)[:capacity]
        if len(kept):
            out = np.asarray(experts[e](x[kept]))
            y[kept] = x[kept].astype(np.float32) + g[kept, None] * out
    return y
