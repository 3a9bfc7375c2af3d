# INTENT: returns the moments as tuples (weights list, tuple(m), tuple(v)) "so nobody appends to them": the contract says the same return value, the lists (weights, m, v)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new, m2, v2 = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m2.append(m[r] + (g - m[r]) * (1 - 0.9))
        v2.append(v[r] + (g * g - v[r]) * (1 - 0.999))
        new.append(weights[r][own] - alpha * m2[r] / (np.sqrt(v2[r]) + 1e-7))
    full = np.concatenate(new)
    return [full.copy() for _ in range(n)], tuple(m2), tuple(v2)
