# INTENT: writes the result into x itself (y = x, no copy): the returned y is right but the caller's x is mutated (contract: return y, the input is the tokens). (public check: passed)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = x
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(np.asarray(first_choice) == e)[:capacity]
        if len(idx):
            y[idx] = x[idx] + np.asarray(gates)[idx][:, None] * expert(x[idx])
    return y
