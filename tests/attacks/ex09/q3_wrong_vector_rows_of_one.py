# RULED wrong (issue 38, round 14; was right): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT: vectorised: stack the moment slices into an (n, piece) matrix, update all slices at once against the padded summed gradient, flatten and hand every replica a copy.
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n, size = len(weights), len(weights[0])
    piece = -(-size // n)
    M = np.stack([np.pad(np.asarray(x, dtype=np.float64), (0, piece - len(x))) for x in m])   # (n, piece)
    V = np.stack([np.pad(np.asarray(x, dtype=np.float64), (0, piece - len(x))) for x in v])
    padded = M.size
    g = np.zeros(padded)
    g[:size] = np.sum(np.stack(grads), axis=0)
    g = g.reshape(n, -1)
    M = M + (g - M) * (1 - 0.9)
    V = V + (g * g - V) * (1 - 0.999)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    w = np.zeros(padded)
    w[:size] = weights[0]
    w = (w.reshape(n, -1) - alpha * M / (np.sqrt(V) + 1e-7)).reshape(-1)[:size]
    return [w.copy() for _ in range(n)], list(M), list(V)
