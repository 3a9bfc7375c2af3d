import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    y = x.copy()
    used = [0] * len(experts)
    for i in range(len(x)):
        e = int(first_choice[i])
        if used[e] < capacity:
            used[e] += 1
            y[i] = x[i] + gates[i] * experts[e](x[i:i + 1])[0]
    return y
