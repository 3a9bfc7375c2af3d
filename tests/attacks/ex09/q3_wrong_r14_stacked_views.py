# INTENT: wrong: all replicas' weights are rows of ONE 2-D array (views of a shared base), not each replica's own array
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    table = np.stack(weights)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        table[:, own] = table[r, own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
    return [table[r] for r in range(n)], m, v
