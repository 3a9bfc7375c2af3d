# INTENT: wrong: keeps a module-level log of every step's weights (state kept between calls, grows forever: "no count or other state kept")
_zero1_history = []
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        new = weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
        for q in range(n):
            weights[q][own] = new
    _zero1_history.append([w.copy() for w in weights])
    return weights, m, v
