# INTENT: accumulates into grads[0] in place and subtracts the others back afterwards: the caller's grads[0] comes back changed by rounding
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    for q in range(1, len(grads)):
        grads[0] += grads[q]
    total = grads[0].copy()
    for q in range(1, len(grads)):
        grads[0] -= grads[q]
    n = len(weights)
    piece = len(weights[0]) // n
    new = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
        new.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    full = np.concatenate(new)
    return [full.copy() for _ in range(n)], m, v
