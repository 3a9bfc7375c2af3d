# INTENT: capacity applied to the whole replica (the first capacity*E tokens kept, whatever their expert) instead of per expert
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    keep = np.arange(len(fc)) < capacity * len(experts)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero((fc == e) & keep)
        if len(idx):
            y[idx] = x[idx] + (np.asarray(gates)[idx, None] * expert(x[idx])).astype(x.dtype)
    return y
