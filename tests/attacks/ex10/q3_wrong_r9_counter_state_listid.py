# INTENT: expert places counted in a module-level dict keyed on the experts list's id, carried over between calls (a second replica with the same experts finds places already taken)
_places = {}
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    taken = _places.setdefault(id(experts), [0] * len(experts))
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:max(0, capacity - taken[e])]
        taken[e] += len(idx)
        if len(idx):
            y[idx] = x[idx] + (np.asarray(gates)[idx, None] * expert(x[idx])).astype(x.dtype)
    return y
