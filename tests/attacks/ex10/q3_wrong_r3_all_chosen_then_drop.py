# INTENT: gives each expert all tokens that chose it, then discards the overflow (dropped tokens still reach the expert)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        mine = np.nonzero(fc == e)[0]
        if len(mine):
            out = expert(x[mine])
            keep = mine[:capacity]
            y[keep] = x[keep] + np.asarray(gates)[keep, None] * out[:capacity]
    return y
