# RULED wrong (issue 38, round 14; was right): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT: each replica gets a view of one gathered buffer (reshape views): they share memory
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_m, new_v, slices = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        slices.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(mr)
        new_v.append(vr)
    full = np.concatenate(slices)                 # the all-gather
    buf = np.tile(full, n).reshape(n, -1)
    return [buf[r] for r in range(n)], new_m, new_v
