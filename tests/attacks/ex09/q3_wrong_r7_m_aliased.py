# INTENT: returns the same gathered array object for every replica that did not change... all replicas alias replica 0's returned m list entry when n == 1 style bug: new m stored as one shared array per step
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    slices = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        slices.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    full = np.concatenate(slices)
    for r in range(n):
        weights[r] = full[:]                      # a "copy" by slicing: a view of one array
    return weights, m, v
