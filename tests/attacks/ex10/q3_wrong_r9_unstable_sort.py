# INTENT: groups tokens with an unstable argsort (quicksort) then keeps the first `capacity` of each group: not token order for larger T
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    order = np.argsort(fc, kind="quicksort")
    sorted_fc = fc[order]
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = order[sorted_fc == e][:capacity]
        if len(idx):
            y[idx] = x[idx] + (np.asarray(gates)[idx, None] * expert(x[idx])).astype(x.dtype)
    return y
