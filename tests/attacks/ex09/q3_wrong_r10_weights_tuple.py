# INTENT: returns tuples (weights, m, v as tuples of arrays) instead of the lists
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_m = tuple(m[r] + (total[r * piece:(r + 1) * piece] - m[r]) * (1 - 0.9) for r in range(n))
    new_v = tuple(v[r] + (total[r * piece:(r + 1) * piece] ** 2 - v[r]) * (1 - 0.999) for r in range(n))
    full = np.concatenate([weights[r][r * piece:(r + 1) * piece] - alpha * new_m[r] / (np.sqrt(new_v[r]) + 1e-7)
                           for r in range(n)])
    return tuple(full.copy() for _ in range(n)), new_m, new_v
