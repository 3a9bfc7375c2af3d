# INTENT: wrong: clips the summed gradient's global norm at 1e9 (a guard): not plain Adam when gradients are large (Adam is not scale invariant across steps)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    norm = np.sqrt(np.sum(total.astype(np.float64) ** 2))
    if np.isfinite(norm) and norm > 1e9:
        total = total * (1e9 / norm)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    pieces = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        pieces.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    full = np.concatenate(pieces)
    return [full.copy() for _ in range(n)], m, v
