# INTENT: wrong contract - adds the expert outputs into x in place and returns x itself (mutates the caller's input) (public check: caught)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    for e, fn in enumerate(experts):
        idx = np.flatnonzero(np.asarray(first_choice) == e)[:capacity]
        if len(idx):
            x[idx] += np.asarray(gates)[idx, None] * fn(x[idx])
    return x
