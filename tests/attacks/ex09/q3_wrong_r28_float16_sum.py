# INTENT: wrong: sums the gradients with Python's sum() in their own dtype, so float16 gradients are summed (and the moments computed) in float16, which the contract's precision does not allow.
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    slices, out_m, out_v = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        step = alpha * mr / (np.sqrt(vr) + 1e-7)
        slices.append(weights[r][own] - step)
        out_m.append(np.array(mr, copy=True))
        out_v.append(np.array(vr, copy=True))
    full = np.concatenate(slices)
    return [np.array(full, dtype=weights[r].dtype, copy=True) for r in range(n)], out_m, out_v
