# INTENT: starts y from zeros, so dropped tokens come out as zero rows instead of passing through the residual. (public check: caught)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    y = np.zeros_like(x, dtype=np.float64)
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(np.asarray(first_choice) == e)[:capacity]
        if len(idx):
            y[idx] = x[idx] + np.asarray(gates)[idx][:, None] * expert(x[idx])
    return y
