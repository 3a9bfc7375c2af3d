# RULED wrong (issue 38, round 14; was outside): float32 arithmetic on a float64 x's kept rows (~1e-7): the lead's ruling of round 14, float64 in, float64 arithmetic: the prompt now says so and a float64 x is checked to 1e-10
# INTENT: kept rows computed via float32 (the expert's output cast down) even when x is float64: ~1e-7 rounding in y
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx):
            upd = (np.asarray(gates)[idx, None] * expert(x[idx])).astype(np.float32)
            y[idx] = x[idx] + upd
    return y
