# INTENT: bias correction with t - 1 (counts steps from 0): off by one
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    tt = max(t - 1, 1)
    alpha = lr * np.sqrt(1 - 0.999 ** tt) / (1 - 0.9 ** tt)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        weights[r][own] = weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
    full = np.concatenate([weights[r][r * piece:(r + 1) * piece] for r in range(n)])
    return [full.copy() for _ in range(n)], m, v
