# INTENT: y = x.copy() only when something is dropped; otherwise adds into x itself (in-place on the caller's array when all fit)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice, gates = np.asarray(first_choice), np.asarray(gates)
    counts = np.bincount(first_choice, minlength=len(experts))
    y = x.copy() if counts.max() > capacity else x
    outs = []
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(first_choice == e)[:capacity]
        if len(kept):
            outs.append((kept, gates[kept, None] * expert(x[kept])))
    for kept, o in outs:
        y[kept] += o
    return y
