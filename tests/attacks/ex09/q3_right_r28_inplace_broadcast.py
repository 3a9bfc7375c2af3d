# INTENT: right: updates the weights in place: every replica computes its slice, then writes it into every replica's own weight array (a broadcast per slice); moments are fresh per-replica arrays; the sum is float64 and never touches grads.
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.add.reduce([np.asarray(g, np.float64) for g in grads], axis=0)
    b1, b2, eps = 0.9, 0.999, 1e-7
    alpha = lr * np.sqrt(1 - b2 ** t) / (1 - b1 ** t)
    weights = [np.array(w, copy=True) for w in weights]   # writable, own arrays
    updated = []
    out_m, out_v = [], []
    for r in range(n):
        lo, hi = r * piece, (r + 1) * piece
        g = total[lo:hi]
        mr = m[r] + (g - m[r]) * (1 - b1)
        vr = v[r] + (g * g - v[r]) * (1 - b2)
        updated.append((lo, hi, weights[r][lo:hi] - alpha * mr / (np.sqrt(vr) + eps)))
        out_m.append(np.array(mr, copy=True))
        out_v.append(np.array(vr, copy=True))
    for lo, hi, new in updated:                       # all-gather: each slice to every replica
        for q in range(n):
            weights[q][lo:hi] = new
    return weights, out_m, out_v
