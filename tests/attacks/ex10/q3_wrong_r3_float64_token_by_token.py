# INTENT: right: walk the tokens in order with a counter per expert, one expert call per kept token
# RULED wrong (issue 38, round 7): y in float64 for a float32 x; the contract says the same shape and dtype as x
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = np.array(x, dtype=np.float64, copy=True)
    used = {}
    for t in range(len(x)):
        e = int(first_choice[t])
        if used.get(e, 0) < capacity:
            used[e] = used.get(e, 0) + 1
            y[t] = x[t] + gates[t] * experts[e](x[t:t + 1])[0]
    return y
