# INTENT: mimics MoELayer: each expert gets a capacity-sized buffer, its kept tokens padded with zero rows (so an expert is given rows that are no token's)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = x.copy()
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(np.asarray(first_choice) == e)[:capacity]
        buf = np.zeros((capacity, x.shape[1]), dtype=x.dtype)
        buf[:len(rows)] = x[rows]
        out = expert(buf)
        y[rows] = x[rows] + gates[rows, None] * out[:len(rows)]
    return y
