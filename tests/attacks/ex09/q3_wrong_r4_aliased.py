# INTENT: all replicas get the SAME array object (no per-replica copy): one buffer shared by every replica, not n copies; any later in-place write to one replica changes all
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
        weights[r][own] = weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
    full = np.concatenate([weights[r][r * piece:(r + 1) * piece] for r in range(n)])
    for r in range(n):
        weights[r] = full
    return weights, m, v
