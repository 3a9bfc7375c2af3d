# INTENT: groups the tokens by expert with np.argsort (quicksort, not stable): the kept tokens are not the first ones in token order
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    order = np.argsort(fc)
    y = x.copy()
    for e, expert in enumerate(experts):
        mine = order[fc[order] == e][:capacity]
        if len(mine):
            y[mine] = x[mine] + np.asarray(gates)[mine, None] * expert(x[mine])
    return y
