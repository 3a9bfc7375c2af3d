# (reclassified: correct -- the expert gets an n x d copy of the kept rows; writing into it after the call changes nothing the contract covers)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice); g = np.asarray(gates)
    order = np.argsort(fc, kind="stable")
    buf = x[order]                      # tokens grouped by expert
    y = x.copy()
    start = 0
    for e, expert in enumerate(experts):
        n = int(np.sum(fc == e)); k = min(n, capacity)
        rows = buf[start:start + k]     # a view
        if k:
            out = expert(rows)
            rows += g[order[start:start + k], None] * out   # writes into buf (and into what the expert was given)
            y[order[start:start + k]] = rows
        start += n
    return y
