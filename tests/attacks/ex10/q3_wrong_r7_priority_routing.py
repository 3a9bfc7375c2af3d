# INTENT: batch-prioritized routing (keeps each expert's highest-gate tokens first, as in V-MoE), not the first in token order
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice, gates = np.asarray(first_choice), np.asarray(gates)
    y = x.copy()
    for e, expert in enumerate(experts):
        mine = np.flatnonzero(first_choice == e)
        kept = np.sort(mine[np.argsort(-gates[mine], kind="stable")][:capacity])
        if len(kept):
            y[kept] = x[kept] + gates[kept, None] * expert(x[kept])
    return y
