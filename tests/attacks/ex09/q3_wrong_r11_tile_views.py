# RULED wrong (issue 38, round 14; was right): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT: wrong: all-gather into one long buffer np.tile(new, n) and hand out consecutive pieces: replicas' weights are views of one array
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    L = len(weights[0])
    piece = L // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    slices = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        slices.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    big = np.tile(np.concatenate(slices), n)
    return [big[r * L:(r + 1) * L] for r in range(n)], m, v
