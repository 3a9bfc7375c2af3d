# RULED wrong (issue 38, round 14; was right): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT: (ruled RIGHT, round 10: non-overlapping slices of one buffer are right, round 5's binding ruling) (ambiguous) moments concatenated, updated in one array, handed back with np.split: each replica's slice is a view of one buffer
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    M = np.concatenate(m)
    V = np.concatenate(v)
    M = M + (total - M) * (1 - 0.9)
    V = V + (total * total - V) * (1 - 0.999)
    new = weights[0] - alpha * M / (np.sqrt(V) + 1e-7)
    for r in range(n):
        weights[r][:] = new
    return weights, np.split(M, n), np.split(V, n)
