# INTENT: wrong (probably tolerated): the whole step in float32 (sum of gradients included), which loses the sum's precision at gradients of 1e6 next to tiny ones; contract says float32 is fine, so this probes the tolerance.
# RULED outside (issue 38, round 28): the prompt says float32 is fine (every part of the step, the sum too); the check's cases stay within 1e-5 of float64 Adam in float32
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.sum([np.asarray(gr, np.float32) for gr in grads], axis=0, dtype=np.float32)
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
