# INTENT: loops over range(max(first_choice)) (off by one): the highest-numbered chosen expert never runs, its tokens pass through as if dropped
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = x.copy()
    fc = np.asarray(first_choice)
    for e in range(int(fc.max())):
        rows = np.flatnonzero(fc == e)[:capacity]
        if len(rows):
            y[rows] = x[rows] + gates[rows, None] * experts[e](x[rows])
    return y
