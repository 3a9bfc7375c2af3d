# INTENT: computes y in float64 always (gates are float64): a float32 x comes back as float64
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice, gates = np.asarray(first_choice), np.asarray(gates, dtype=np.float64)
    y = np.array(x, dtype=np.float64)
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(first_choice == e)[:capacity]
        if len(kept):
            y[kept] = y[kept] + gates[kept, None] * expert(x[kept])
    return y
