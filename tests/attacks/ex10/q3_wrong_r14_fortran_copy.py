# INTENT: wrong: an expert with exactly one kept token is handed that 1 x d row cast to float32 (another dtype when x is float64)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    choice = np.asarray(first_choice)
    y = x.copy()
    for e in range(len(experts)):
        idx = np.flatnonzero(choice == e)[:capacity]
        if len(idx) == 1:
            rows = np.asarray(x[idx], dtype=np.float32)
        else:
            rows = x[idx]
        if len(idx):
            y[idx] = x[idx] + np.asarray(gates)[idx][:, None] * experts[e](rows)
    return y
