# GAP (issue 38, round 16, the lead's ruling): a float32 result computed more precisely is not observable without rejecting right answers that order their float32 sums differently
# INTENT: wrong: "worked out in x's precision": for float32 x the gate times output and the sum are done in float64 (gates' dtype) and only cast back at the end
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    y = x.astype(np.float64)
    choice = np.asarray(first_choice)
    gates = np.asarray(gates, dtype=np.float64)
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(choice == e)[:capacity]
        if len(kept):
            y[kept] = y[kept] + gates[kept, None] * np.asarray(expert(x[kept]), dtype=np.float64)
    return y.astype(x.dtype)
