# INTENT: wrong: replaces non-finite summed gradients by 0 (a guard): plain Adam on an inf/NaN gradient is not that
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.sum(np.stack(grads), axis=0)
    total = np.where(np.isfinite(total), total, 0.0).astype(total.dtype)   # skip non-finite entries
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_slices = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        new_slices.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    full = np.concatenate(new_slices).astype(weights[0].dtype)
    weights = [full.copy() for _ in range(n)]
    return weights, m, v
