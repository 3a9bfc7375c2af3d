# RULED wrong (issue 38, round 14; was right): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT: wrong: the moments become views into one full-size buffer (m_full[own]): the replicas' moments share one array
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    m_full = np.concatenate(m)
    v_full = np.concatenate(v)
    m_full = m_full + (total - m_full) * (1 - 0.9)
    v_full = v_full + (total * total - v_full) * (1 - 0.999)
    new = weights[0] - alpha * m_full / (np.sqrt(v_full) + 1e-7)
    for r in range(n):
        weights[r] = new.copy()
        m[r] = m_full[r * piece:(r + 1) * piece]
        v[r] = v_full[r * piece:(r + 1) * piece]
    return weights, m, v
