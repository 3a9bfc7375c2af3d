# INTENT: the places taken are counted in a dict kept across calls (module level, reset only when the expert list changes)
_taken = {}
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    key = tuple(id(f) for f in experts)
    if _taken.get("key") != key:
        _taken.clear(); _taken["key"] = key
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        start = _taken.get(e, 0)
        idx = np.flatnonzero(fc == e)[:max(0, capacity - start)]
        _taken[e] = start + len(idx)
        if len(idx):
            y[idx] = x[idx] + (np.asarray(gates)[idx, None] * expert(x[idx])).astype(x.dtype)
    return y
