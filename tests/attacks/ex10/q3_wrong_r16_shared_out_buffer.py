# INTENT: wrong: y is a module-level buffer reused by every call of that shape and dtype (state kept between calls: an earlier y changes)
_ys = {}
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    key = (x.shape, x.dtype.str)
    if key not in _ys:
        _ys[key] = np.empty_like(x)
    y = _ys[key]
    y[...] = x
    choice = np.asarray(first_choice)
    g = np.asarray(gates).astype(x.dtype)
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(choice == e)[:capacity]
        if len(kept):
            y[kept] = x[kept] + g[kept, None] * expert(x[kept])
    return y
