# INTENT: correct - walks the tokens in order with a per-expert counter and calls each kept token's expert on its own row (several calls) (public check: passed)
# RULED wrong (issue 38, round 7): y in float64 for a float32 x; the contract says the same shape and dtype as x
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = np.array(x, dtype=np.float64, copy=True)
    used = {}
    for t, e in enumerate(np.asarray(first_choice).tolist()):
        if used.get(e, 0) < capacity:
            used[e] = used.get(e, 0) + 1
            y[t] = y[t] + gates[t] * np.asarray(experts[e](x[t:t + 1]))[0]
    return y
