# RULED wrong (issue 38, round 14; was right): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT (right, round 9 ruling as round 5: non-overlapping rows or slices of one buffer are right; overlapping or aliased state wrong): updates the moments as one concatenated vector and hands them back with np.split: every replica's moment slice is a view into one shared array (one device's memory), not its own
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    total = sum(grads)
    M = np.concatenate(m)
    V = np.concatenate(v)
    M = M + (total - M) * (1 - 0.9)
    V = V + (total * total - V) * (1 - 0.999)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    piece = len(weights[0]) // n
    out = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        w = weights[r].copy()
        w[:] = np.concatenate([weights[q][slice(q * piece, (q + 1) * piece)] for q in range(n)]) \
            - alpha * M / (np.sqrt(V) + 1e-7)
        out.append(w)
    return out, np.split(M, n), np.split(V, n)
