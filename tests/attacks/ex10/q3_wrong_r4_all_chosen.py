# INTENT: runs each expert on all tokens that chose it (dropped ones too) and keeps only the first capacity outputs: the experts see dropped tokens
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = x.copy()
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(np.asarray(first_choice) == e)
        if len(rows):
            out = expert(x[rows])
            keep = rows[:capacity]
            y[keep] = x[keep] + gates[keep, None] * out[:capacity]
    return y
