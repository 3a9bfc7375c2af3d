# INTENT: off-by-one in the capacity test (checks used <= capacity before incrementing), so each expert keeps capacity + 1 tokens; only shows when some expert has more than capacity tokens. (public check: caught)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x, dtype=np.float64)
    y = x.copy()
    used = {}
    kept = {}
    for t, e in enumerate(np.asarray(first_choice).tolist()):
        if used.get(e, 0) <= capacity:
            kept.setdefault(e, []).append(t)
        used[e] = used.get(e, 0) + 1
    for e, idx in kept.items():
        y[idx] = x[idx] + np.asarray(gates)[idx][:, None] * experts[e](x[idx])
    return y
