# INTENT: puts epsilon inside the square root (sqrt(v + eps)) instead of Keras' sqrt(v) + eps: a near-right formula that differs from plain Adam by a tiny amount. (public check: caught)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(m[0])
    size = len(weights[0])
    total = np.zeros(piece * n)
    total[:size] = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    updated = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        w = np.zeros(piece * n)
        w[:size] = weights[r]
        updated.append(w[own] - alpha * m[r] / np.sqrt(v[r] + 1e-7))
    full = np.concatenate(updated)[:size]
    return [full.copy() for _ in range(n)], m, v
