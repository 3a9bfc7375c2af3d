# INTENT: a replica whose summed gradient slice is all zero skips its Adam update ("nothing to do"): plain Adam still moves it from its momentum
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        if not np.any(g):
            continue
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        weights[r][own] = weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        for q in range(n):
            weights[q][own] = weights[r][own]
    return weights, m, v
