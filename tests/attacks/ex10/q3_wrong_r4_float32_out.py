# RULED wrong (issue 38, round 16, the lead's ruling on add_zero_rows): np.zeros(...) + x makes a dropped row's -0.0 into +0.0: the row of a dropped token is its input, unchanged
# INTENT: builds y as float32 (np.zeros(..., np.float32)) like a GPU buffer: nearly right numbers, y not the dtype of x
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = np.zeros(x.shape, np.float32) + x
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(np.asarray(first_choice) == e)[:capacity]
        if len(rows):
            y[rows] = x[rows] + gates[rows, None] * expert(x[rows])
    return y
