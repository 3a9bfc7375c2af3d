# INTENT: treats capacity as at least the average load (max(capacity, ceil(T/E))): a student guarding against a too-small capacity
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    E = len(experts)
    cap = max(capacity, -(-len(x) // E))
    y = x.copy()
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(np.asarray(first_choice) == e)[:cap]
        if len(rows):
            y[rows] = x[rows] + gates[rows, None] * expert(x[rows])
    return y
