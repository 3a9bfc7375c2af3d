# INTENT: right: float64 sum of the gradients into a new array, each replica updates its own slice with its own moment slice (Keras' Adam form), then every replica gets its own copy of the gathered weights.
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    size = len(weights[0])
    piece = size // n
    total = np.zeros(size, np.float64)
    for g in grads:                                   # the all-reduce, read-only on grads
        total += np.asarray(g, dtype=np.float64)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_slices, new_m, new_v = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = np.asarray(m[r], np.float64)
        vr = np.asarray(v[r], np.float64)
        mr = mr + (g - mr) * (1 - 0.9)
        vr = vr + (g * g - vr) * (1 - 0.999)
        w = np.asarray(weights[r][own], np.float64) - alpha * mr / (np.sqrt(vr) + 1e-7)
        new_slices.append(w)
        new_m.append(np.array(mr, dtype=np.result_type(m[r], np.float32)))
        new_v.append(np.array(vr, dtype=np.result_type(v[r], np.float32)))
    full = np.concatenate(new_slices)                 # the all-gather
    new_w = [np.array(full, dtype=np.result_type(weights[r], np.float32)) for r in range(n)]
    return new_w, new_m, new_v
