# INTENT: wrong: a 'safe' divide where v > 0: a NaN gradient (v NaN) leaves the weight unchanged instead of NaN as plain Adam gives
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    size = weights[0].size
    piece = size // n
    total = np.zeros(size, dtype=np.result_type(*grads, np.float32))
    for g in grads:
        total = total + g
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_slices, new_m, new_v = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        step = np.divide(mr, np.sqrt(vr) + 1e-7, out=np.zeros_like(mr), where=vr > 0)  # safe divide
        new_slices.append(weights[r][own] - alpha * step)
        new_m.append(np.array(mr, copy=True))
        new_v.append(np.array(vr, copy=True))
    full = np.concatenate(new_slices)
    return [full.copy() for _ in range(n)], new_m, new_v
