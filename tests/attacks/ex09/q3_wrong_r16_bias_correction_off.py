# INTENT: wrong: drops Adam's bias correction after a "warm-up" of 1000 steps (thinks it is ~1 by then; at t=1001 it is still 0.63): not Keras' formula for large t
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t) if t <= 1000 else lr
    pieces, nm, nv = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        nm.append(m[r] + (g - m[r]) * (1 - 0.9))
        nv.append(v[r] + (g * g - v[r]) * (1 - 0.999))
        pieces.append(weights[r][own] - alpha * nm[r] / (np.sqrt(nv[r]) + 1e-7))
    full = np.concatenate(pieces)
    return [full.copy() for _ in range(n)], nm, nv
