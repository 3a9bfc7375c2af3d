from gpukit import experts as _experts_mod
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    position, kept = _experts_mod.dispatch_plan(np.asarray(first_choice).reshape(-1, 1), len(experts), capacity)
    kept = np.asarray(kept).reshape(-1)
    y = x.copy()
    for e in range(len(experts)):
        rows = np.flatnonzero(kept & (np.asarray(first_choice) == e))
        if rows.size:
            y[rows] = x[rows] + (np.asarray(gates)[rows, None] * experts[e](x[rows])).astype(x.dtype)
    return y
