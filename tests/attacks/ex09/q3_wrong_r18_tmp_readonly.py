# INTENT: wrong: the returned weights of replica r are read-only (np.frombuffer of bytes): the next in-place update by a caller fails
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
        new_slices.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(np.array(mr, copy=True))
        new_v.append(np.array(vr, copy=True))
    full = np.concatenate(new_slices)
    return [np.frombuffer(full.tobytes(), dtype=full.dtype) for _ in range(n)], new_m, new_v
