# INTENT: RIGHT: reduce-scatter per slice (each replica sums only its slice of every gradient, float64), Adam on the slice, then an all-gather written in place into every replica's own weights array.
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    b1, b2, eps = 0.9, 0.999, 1e-7
    alpha = lr * np.sqrt(1 - b2 ** t) / (1 - b1 ** t)
    new_m, new_v, updated = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = np.zeros(piece, np.float64)
        for grad in grads:                                  # reduce-scatter: replica r's slice, summed
            g += np.asarray(grad[own], dtype=np.float64)
        mr = m[r] + (g - m[r]) * (1 - b1)
        vr = v[r] + (g * g - v[r]) * (1 - b2)
        updated.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + eps))
        new_m.append(mr)
        new_v.append(vr)
    out = []
    for q in range(n):                                      # all-gather into each replica's own array
        w = np.array(weights[q], dtype=np.result_type(weights[q], np.float64), copy=True)
        for r in range(n):
            w[r * piece:(r + 1) * piece] = updated[r]
        out.append(w)
    return out, new_m, new_v
