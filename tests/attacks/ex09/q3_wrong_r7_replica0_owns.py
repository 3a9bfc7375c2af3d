# INTENT: all-gather taken from replica 0's own array for the slices it does not own (uses weights[0] as base, drops other owners)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_m, new_v, slices = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        slices.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(mr)
        new_v.append(vr)
    full = weights[0].copy()
    full[:piece] = slices[0]
    for r in range(1, n):
        full[r * piece:(r + 1) * piece] = slices[r] if np.any(total[r * piece:(r + 1) * piece]) else weights[0][r * piece:(r + 1) * piece]
    return [full.copy() for _ in range(n)], new_m, new_v
