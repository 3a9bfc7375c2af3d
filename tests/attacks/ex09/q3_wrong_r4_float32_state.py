# INTENT: casts the moments to float32 and back each step for 'memory' (like mixed precision): tiny rounding, nearly right; also breaks the dtype the caller gave
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads).astype(np.float32)
    new = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = (m[r] + (g - m[r]) * (1 - 0.9)).astype(np.float16)
        v[r] = (v[r] + (g * g - v[r]) * (1 - 0.999)).astype(np.float32)
        alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
        new.append(weights[r][own] - alpha * m[r].astype(np.float32) / (np.sqrt(v[r]) + 1e-7))
    full = np.concatenate(new)
    return [full.copy() for _ in range(n)], m, v
