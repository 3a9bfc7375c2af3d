# INTENT: wrong: y = x + (gate * output, zeros for dropped tokens): a dropped row is not "its input, unchanged" when it holds -0.0 (becomes +0.0)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    delta = np.zeros_like(x)
    choice = np.asarray(first_choice)
    g = np.asarray(gates).astype(x.dtype)
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(choice == e)[:capacity]
        if len(kept):
            delta[kept] = g[kept, None] * expert(x[kept])
    return x + delta
