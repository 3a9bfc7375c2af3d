# RULED wrong (issue 38, round 14; was outside): float32 arithmetic on a float64 x's kept rows (~1e-7): the lead's ruling of round 14, float64 in, float64 arithmetic: the prompt now says so and a float64 x is checked to 1e-10
# INTENT: gate times output computed in float32 (the router's dtype) and added to a float64 x: the kept rows lose precision
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice, gates = np.asarray(first_choice), np.asarray(gates, dtype=np.float32)
    y = x.copy()
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(first_choice == e)[:capacity]
        if len(kept):
            y[kept] = x[kept] + (gates[kept, None] * expert(x[kept]).astype(np.float32))
    return y
