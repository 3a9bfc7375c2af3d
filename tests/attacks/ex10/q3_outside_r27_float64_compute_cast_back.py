# INTENT: wrong: for a float32 x works the sum out in float64 (expert output and gate promoted) and casts y back at the end, not "worked out in x's precision".
# RULED outside (issue 38, round 27): x's precision is a floor (the float64 rule, the dtype rule: compute in any precision, return y in x.dtype); float64 for a float32 x is more precise, y is float32, experts get x's rows; the prompt now says so
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice).astype(np.int64)
    g = np.asarray(gates, dtype=np.float64)
    y = x.astype(np.float64)
    for e in range(len(experts)):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx):
            y[idx] += g[idx, None] * np.asarray(experts[e](x[idx]), dtype=np.float64)
    return y.astype(x.dtype)
