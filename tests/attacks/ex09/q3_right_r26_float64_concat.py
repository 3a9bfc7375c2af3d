# INTENT: RIGHT: sums the gradients into a fresh float64 buffer, each replica updates its slice (new moment arrays), the new slices are concatenated and every replica gets its own copy.
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    size = len(weights[0])
    piece = size // n
    total = np.zeros(size, np.float64)                  # the all-reduce, in float64 (float16 inputs too)
    for g in grads:
        total = total + np.asarray(g, np.float64)       # new arrays: the caller's grads are only read
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    slices, new_m, new_v = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        slices.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(np.array(mr, copy=True))
        new_v.append(np.array(vr, copy=True))
    full = np.concatenate(slices)                       # the all-gather
    return [full.copy() for _ in range(n)], new_m, new_v
