# INTENT: replica 0 applies every slice's update with the OTHER replicas' moment slices, then broadcasts its whole weights: the owners never update their own slice (moments read across replicas instead of gathering the updated weights)
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
        weights[0][own] = weights[0][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
    for r in range(1, n):
        weights[r][:] = weights[0]
    return weights, m, v
