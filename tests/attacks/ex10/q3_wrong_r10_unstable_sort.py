# INTENT: groups tokens by expert with np.argsort(first_choice) (default quicksort, not stable) and keeps the first `capacity` of each group: token order within an expert is not guaranteed, so the wrong tokens may be kept
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    order = np.argsort(fc)
    y = x.copy()
    start = 0
    counts = np.bincount(fc, minlength=len(experts))
    for e in range(len(experts)):
        group = order[start:start + counts[e]]
        start += counts[e]
        kept = group[:capacity]
        if len(kept):
            y[kept] = x[kept] + (np.asarray(gates)[kept, None] * np.asarray(experts[e](x[kept]))).astype(x.dtype)
    return y
