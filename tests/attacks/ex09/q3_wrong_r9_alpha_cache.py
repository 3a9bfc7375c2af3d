# INTENT: caches the bias-corrected step size per t in a module dict to save work: keyed by t only, so a later call with another lr at the same t reuses the old lr (state kept between calls)
_alpha = {}

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    if t not in _alpha:
        _alpha[t] = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    alpha = _alpha[t]
    new = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        new.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    full = np.concatenate(new)
    return [full.copy() for _ in range(n)], m, v
