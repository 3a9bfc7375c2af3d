# INTENT: gives each expert all the tokens that chose it (dropped ones too) in one batched call and masks the dropped rows' outputs afterwards: numbers right, but dropped tokens reach the expert
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    g = np.asarray(gates)
    y = x.copy()
    for e in range(len(experts)):
        mine = np.flatnonzero(fc == e)
        if len(mine) == 0:
            continue
        out = np.asarray(experts[e](x[mine]))
        keep = np.arange(len(mine)) < capacity
        y[mine[keep]] = x[mine[keep]] + (g[mine[keep], None] * out[keep]).astype(x.dtype)
    return y
