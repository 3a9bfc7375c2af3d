# INTENT: skips the moment update of a slice whose summed gradient is all zero (saves work) but still moves the weights with stale moments
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    pieces = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        if np.any(g):
            m[r] = m[r] + (g - m[r]) * (1 - 0.9)
            v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        pieces.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    for r in range(n):
        for q in range(n):
            weights[r][q * piece:(q + 1) * piece] = pieces[q]
    return weights, m, v
