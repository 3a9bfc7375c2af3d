# INTENT: stores the all-reduced gradient in the caller's grads list (grads[0] = sum(grads)): the arrays are untouched but the caller's list now holds the sum
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    grads[0] = sum(grads)
    total = grads[0]
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
    return [full.copy() for _ in range(n)], m, v
