# INTENT: squeezes the expert output and the gates (np.squeeze) before broadcasting: for d == 1 the output becomes 1-D and broadcasts against the gate column into an n x n block (works whenever d > 1)
# RULED outside (issue 38, round 10; filed wrong): wrong only for d == 1, a token width no real layer has (a finding only wrong on sizes no real run reaches is outside)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    y = x.copy()
    for e in range(len(experts)):
        kept = np.flatnonzero(fc == e)[:capacity]
        if len(kept) == 0:
            continue
        out = np.squeeze(np.asarray(experts[e](x[kept])))
        g = np.squeeze(np.asarray(gates)[kept])
        y[kept] = x[kept] + (np.atleast_1d(g)[..., None] * out).astype(x.dtype)
    return y
