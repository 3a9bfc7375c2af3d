# INTENT: computes new moments locally but returns the old lists (rebinds a local name): moments never advance
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    slices = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        slices.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
    full = np.concatenate(slices)
    return [full.copy() for _ in range(n)], m, v
