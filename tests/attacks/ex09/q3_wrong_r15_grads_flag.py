# INTENT: wrong: marks the caller's gradients read-only to protect them ("grads is only read ... each as it was": its flags changed)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    for g_ in grads:
        g_.flags.writeable = False
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_slices = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        new_slices.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    full = np.concatenate(new_slices)
    return [full.copy() for _ in range(n)], m, v
