# RULED wrong (issue 38, round 14; was right): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT: right (round-5 ruling: non-overlapping views of one buffer): every replica's weights a row of one 2D copy (np.array([full] * n)), filed by the attacker as wrong
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    full = np.array(weights[0], copy=True)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        full[own] = weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
    return list(np.array([full] * n)), m, v
