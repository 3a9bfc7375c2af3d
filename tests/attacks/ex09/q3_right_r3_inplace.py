# INTENT: right: reduce-scatter written out, update, then write each slice into every replica's copy
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(m[0])
    new_w, new_m, new_v = [w.copy() for w in weights], [], []
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = sum(gr[own] for gr in grads)          # reduce-scatter: only my slice summed
        mr = m[r] + (g - m[r]) * 0.1
        vr = v[r] + (g * g - v[r]) * 0.001
        mine = weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7)
        for w in new_w:                            # all-gather
            w[own] = mine
        new_m.append(mr)
        new_v.append(vr)
    return new_w, new_m, new_v
