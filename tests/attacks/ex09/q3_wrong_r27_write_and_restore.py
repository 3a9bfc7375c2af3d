# INTENT: wrong: accumulates into grads[0] when it is writable (saving a buffer) and then puts its bytes back; breaks "grads is only read ... not even written for a while and put back".
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    first = grads[0]
    if first.flags.writeable and first.dtype == np.float64 and all(g is not first for g in grads[1:]):
        saved = first.tobytes()
        for g in grads[1:]:
            first += g
        total = first.copy()
        first[...] = np.frombuffer(saved, dtype=first.dtype)   # put back, byte for byte
    else:
        total = np.zeros(len(weights[0]), dtype=np.float64)
        for g in grads:
            total += np.asarray(g, dtype=np.float64)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_weights = [np.array(w, copy=True) for w in weights]  # every replica its own array
    new_m, new_v = [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m_r = m[r] + (g - m[r]) * (1 - 0.9)                   # new arrays of their own
        v_r = v[r] + (g * g - v[r]) * (1 - 0.999)
        updated = weights[r][own] - alpha * m_r / (np.sqrt(v_r) + 1e-7)
        for q in range(n):                                    # the all-gather of slice r
            new_weights[q][own] = updated
        new_m.append(m_r)
        new_v.append(v_r)
    return new_weights, new_m, new_v
