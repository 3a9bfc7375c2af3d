# INTENT: updates every slice from replica 0's weights (assumes they are all equal) and copies the result to all: if the caller's replicas ever differ, replica r's own slice is ignored
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    full = weights[0].copy()
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        full[own] = full[own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
    for r in range(n):
        weights[r][:] = full
    return weights, m, v
