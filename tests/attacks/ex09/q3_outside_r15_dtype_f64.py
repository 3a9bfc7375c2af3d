# INTENT (outside: the prompt does not require the dtype kept; the lead, round 15): weights come back float64 when given float32 (the state's dtype changed by the step)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.sum(np.stack(grads).astype(np.float64), axis=0)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_slices = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        new_slices.append(weights[r][own].astype(np.float64) - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    full = np.concatenate(new_slices)
    return [full.copy() for _ in range(n)], m, v
