# INTENT: returns tuples (weights, m, v as tuples of arrays) instead of the lists the contract promises
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    total = sum(grads)
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
    return tuple(full.copy() for _ in range(n)), tuple(m), tuple(v)
