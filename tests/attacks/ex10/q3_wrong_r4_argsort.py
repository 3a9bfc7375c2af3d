# INTENT: groups tokens with np.argsort (default quicksort, not stable): within an expert the kept tokens are not always the first in token order
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    order = np.argsort(first_choice)
    y = x.copy()
    fc = np.asarray(first_choice)[order]
    for e, expert in enumerate(experts):
        rows = order[fc == e][:capacity]
        if len(rows):
            y[rows] = x[rows] + gates[rows, None] * expert(x[rows])
    return y
