# INTENT: right: each token's place in its expert's buffer from a stable argsort (rank among the tokens with the same first choice), kept = place < capacity, one call per expert with its kept rows; int64 places, x's dtype throughout.
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice, dtype=np.int64).reshape(-1)
    t = fc.shape[0]
    order = np.argsort(fc, kind="stable")                       # tokens grouped by expert, token order kept
    sorted_fc = fc[order]
    starts = np.searchsorted(sorted_fc, sorted_fc, side="left")  # where each token's expert group begins
    place = np.empty(t, dtype=np.int64)
    place[order] = np.arange(t, dtype=np.int64) - starts        # 0, 1, 2, ... within each expert
    kept_mask = place < capacity
    y = x.copy()
    g = np.asarray(gates, dtype=x.dtype)
    for e in np.unique(fc[kept_mask]):
        idx = np.flatnonzero(kept_mask & (fc == e))
        out = experts[int(e)](x[idx])
        y[idx] += g[idx][:, None] * np.asarray(out, dtype=x.dtype)
    return y
