# INTENT: calls every expert, also with an empty 0 x d array when no token kept (an expert given no token still runs)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice, gates = np.asarray(first_choice), np.asarray(gates)
    y = x.copy()
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(first_choice == e)[:capacity]
        y[kept] = x[kept] + gates[kept, None] * expert(x[kept])
    return y
