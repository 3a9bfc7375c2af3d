# INTENT: all-gathers the updated slices in float16 "to halve the traffic" (as mixed precision does for communication): the replicas' weights are then rounded to 3 significant digits, no longer plain Adam's
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        new.append((weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)).astype(np.float16))
    full = np.concatenate(new).astype(weights[0].dtype)
    return [full.copy() for _ in range(n)], m, v
