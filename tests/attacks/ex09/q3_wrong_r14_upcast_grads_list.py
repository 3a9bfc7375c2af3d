# INTENT: wrong: replaces the caller's gradient arrays in its list with float64 copies "for precision" (grads is written into: the caller's list now holds other arrays of another dtype)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    for i in range(len(grads)):
        grads[i] = grads[i].astype(np.float64)
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        new = weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
        for q in range(n):
            weights[q][own] = new
    return weights, m, v
