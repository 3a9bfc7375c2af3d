def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    b1, b2, eps = 0.9, 0.999, 1e-7
    alpha = lr * np.sqrt(1 - b2 ** t) / (1 - b1 ** t)
    new_m, new_v, pieces = [], [], []
    for r in range(n):
        lo, hi = r * piece, (r + 1) * piece
        g = np.sum([gr[lo:hi] for gr in grads], axis=0)           # reduce-scatter: only my slice, summed
        mr = m[r] + (g - m[r]) * (1 - b1)
        vr = v[r] + (g * g - v[r]) * (1 - b2)
        new_m.append(mr)
        new_v.append(vr)
        pieces.append(weights[r][lo:hi] - alpha * mr / (np.sqrt(vr) + eps))
    full = np.concatenate(pieces)
    return [full.copy() for _ in range(n)], new_m, new_v
