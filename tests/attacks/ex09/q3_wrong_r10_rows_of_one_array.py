# RULED wrong (issue 38, round 14; was right): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT: (ruled RIGHT, round 10: non-overlapping slices of one buffer are right, round 5's binding ruling) (ambiguous: rows do not overlap in memory) all-gathered with np.tile and returned the rows: every replica's weights live in one shared 2-D array (one buffer, not one per device)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    pieces = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        pieces.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    return list(np.tile(np.concatenate(pieces), (n, 1))), m, v
