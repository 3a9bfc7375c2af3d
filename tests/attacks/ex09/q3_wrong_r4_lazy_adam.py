# INTENT: LazyAdam-style: moments and weights only updated where the summed gradient is nonzero (sparse updates); plain Adam keeps decaying the moments and moving a weight whose gradient becomes 0 after earlier steps
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    new = []
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        live = g != 0
        m[r] = np.where(live, m[r] + (g - m[r]) * (1 - 0.9), m[r])
        v[r] = np.where(live, v[r] + (g * g - v[r]) * (1 - 0.999), v[r])
        step = alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
        new.append(np.where(live, weights[r][own] - step, weights[r][own]))
    full = np.concatenate(new)
    return [full.copy() for _ in range(n)], m, v
