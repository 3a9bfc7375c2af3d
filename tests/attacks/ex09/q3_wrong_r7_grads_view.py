# INTENT: the "all-reduce" accumulates into a float view of grads[0] via +=, when grads[0] is float64 this writes the caller's gradient
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.asarray(grads[0], dtype=np.float64)
    for g_ in grads[1:]:
        total += g_
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    out = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        out.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    full = np.concatenate(out)
    return [full.copy() for _ in range(n)], m, v
