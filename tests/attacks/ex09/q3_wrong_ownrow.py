# INTENT: skips the all-reduce for the moments: each replica updates its slice with its OWN gradient grads[r] (not the sum), then all-gathers; replicas agree but not with plain Adam. (public check: caught)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(m[0])
    size = len(weights[0])
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    updated = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        gr = np.zeros(piece * n)
        gr[:size] = grads[r]
        g = gr[own] * n
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        w = np.zeros(piece * n)
        w[:size] = weights[r]
        updated.append(w[own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    full = np.concatenate(updated)[:size]
    return [full.copy() for _ in range(n)], m, v
