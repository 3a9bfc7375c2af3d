# INTENT: per-token loop that takes the gate as gates[expert] instead of gates[token] (indexes the wrong axis)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice, gates = np.asarray(first_choice), np.asarray(gates)
    y = x.copy()
    taken = [0] * len(experts)
    for t, e in enumerate(first_choice.tolist()):
        if taken[e] < capacity:
            taken[e] += 1
            y[t:t + 1] = x[t:t + 1] + gates[min(e, len(gates) - 1)] * experts[e](x[t:t + 1])
    return y
