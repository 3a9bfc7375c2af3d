# INTENT: runs each expert on all tokens that chose it (batched), then masks the dropped ones out: dropped tokens reach the expert
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice, gates = np.asarray(first_choice), np.asarray(gates)
    y = x.copy()
    for e, expert in enumerate(experts):
        mine = np.flatnonzero(first_choice == e)
        if len(mine) == 0:
            continue
        out = expert(x[mine])
        keep = np.arange(len(mine)) < capacity
        y[mine[keep]] = x[mine[keep]] + gates[mine[keep], None] * out[keep]
    return y
