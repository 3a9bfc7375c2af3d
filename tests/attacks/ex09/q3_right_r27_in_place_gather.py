# INTENT: right: in place, as the colleague meant: reduce into a fresh float32-or-wider buffer, each replica updates its own slice and its moments in place, then an explicit all-gather copies every owner's slice to the other replicas.
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    dtype = np.result_type(np.float32, *[np.asarray(g).dtype for g in grads])
    total = np.zeros(len(weights[0]), dtype=dtype)
    for g in grads:
        np.add(total, g, out=total, dtype=dtype)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    for r in range(n):                                        # each replica: its own slice
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        weights[r][own] = weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
    for r in range(n):                                        # all-gather: owner r's slice to everyone
        own = slice(r * piece, (r + 1) * piece)
        for q in range(n):
            if q != r:
                weights[q][own] = weights[r][own]
    return weights, m, v
