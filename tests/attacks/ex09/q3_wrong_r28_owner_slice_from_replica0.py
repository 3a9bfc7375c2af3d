# INTENT: wrong: every slice is updated from replica 0's copy of the weights (weights[0][own]) rather than from its owner's, so the owner's own weights are ignored; equal replicas hide it.
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.zeros(len(weights[0]), np.float64)
    for gr in grads:
        total = total + np.asarray(gr, np.float64)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    base = np.array(weights[0], np.float64)
    out_m, out_v = [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        base[own] -= alpha * mr / (np.sqrt(vr) + 1e-7)
        out_m.append(np.array(mr, copy=True))
        out_v.append(np.array(vr, copy=True))
    return [base.astype(weights[r].dtype) for r in range(n)], out_m, out_v
