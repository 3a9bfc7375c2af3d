# INTENT: walks the tokens in order with a per-expert counter, collects each expert's kept token indices, runs each expert once on its kept rows and adds the gated output to a copy of x.
# RULED wrong (issue 38, round 7): y in float64 for a float32 x; the contract says the same shape and dtype as x
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    kept = [[] for _ in experts]
    for t, e in enumerate(np.asarray(first_choice).reshape(-1)):
        if len(kept[int(e)]) < capacity:
            kept[int(e)].append(t)
    y = np.array(x, dtype=np.result_type(x.dtype, np.float64), copy=True)
    for e, tokens in enumerate(kept):
        if tokens:
            out = np.asarray(experts[e](x[tokens]))
            y[tokens] = x[tokens] + np.asarray(gates)[tokens][:, None] * out
    return y
