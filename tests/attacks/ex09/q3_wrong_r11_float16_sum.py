# INTENT: wrong: sums the gradients in float16 then casts up (a student saving memory for the all-reduce): the prompt says float16 is not fine
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(np.asarray(g, dtype=np.float16) for g in grads).astype(np.float64)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        upd = weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
        for s in range(n):
            weights[s][own] = upd
    return weights, m, v
