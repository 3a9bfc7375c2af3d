# INTENT: runs every expert on every token and then selects each kept token's row: right numbers, but experts see tokens that are not theirs (breaks "only kept tokens reach an expert"). (public check: caught)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x, dtype=np.float64)
    outs = np.stack([np.asarray(expert(x)) for expert in experts])      # E x T x d
    y = x.copy()
    for e in range(len(experts)):
        idx = np.flatnonzero(np.asarray(first_choice) == e)[:capacity]
        y[idx] = x[idx] + np.asarray(gates)[idx][:, None] * outs[e, idx]
    return y
