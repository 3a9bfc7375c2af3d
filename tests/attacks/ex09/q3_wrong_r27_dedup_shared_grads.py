# INTENT: wrong: drops duplicate gradient arrays by identity (to "avoid double counting" when one array is passed for two replicas), so a replica sharing its gradient array with another is summed once; breaks "plain Adam applied to the summed gradient".
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.zeros(len(weights[0]), dtype=np.float64)      # the all-reduce, into a buffer of our own
    for g in {id(g): g for g in grads}.values():
        total += np.asarray(g, dtype=np.float64)              # reads g only (no copy written back)
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
