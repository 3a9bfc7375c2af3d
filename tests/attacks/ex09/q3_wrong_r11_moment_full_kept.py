# INTENT: wrong: each replica keeps the FULL moment arrays and returns m[r] as its slice view: every replica's m[r].base is the whole-size moment (state not sharded)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        full_m = np.zeros(len(total)); full_m[own] = m[r]
        full_v = np.zeros(len(total)); full_v[own] = v[r]
        full_m = full_m + (total - full_m) * (1 - 0.9)
        full_v = full_v + (total * total - full_v) * (1 - 0.999)
        m[r], v[r] = full_m[own], full_v[own]
        upd = weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
        for s in range(n):
            weights[s][own] = upd
    return weights, m, v
