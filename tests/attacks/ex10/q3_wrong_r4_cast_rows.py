# INTENT: hands each expert its kept tokens cast to float32 (a 'GPU buffer'): the rows the experts get are not the tokens' inputs; nearly right numbers
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(fc == e)[:capacity]
        if len(rows):
            y[rows] = x[rows] + gates[rows, None] * expert(x[rows].astype(np.float32))
    return y
