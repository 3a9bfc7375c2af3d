# INTENT: wrong formula - PyTorch-style Adam (bias-corrected m_hat/v_hat, epsilon added after correcting v) instead of Keras' alpha formula; differs only through epsilon (public check: passed)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    new = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = 0.9 * m[r] + 0.1 * g
        v[r] = 0.999 * v[r] + 0.001 * g * g
        m_hat = m[r] / (1 - 0.9 ** t)
        v_hat = v[r] / (1 - 0.999 ** t)
        new.append(weights[r][own] - lr * m_hat / (np.sqrt(v_hat) + 1e-7))
    full = np.concatenate(new)
    return [full.copy() for _ in range(n)], m, v
