# RULED wrong (issue 38, round 14; was right): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT: the moments of all replicas are views into one flat buffer (one allocation for the optimizer state)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    m_all = np.concatenate(m) + (total - np.concatenate(m)) * (1 - 0.9)
    v_all = np.concatenate(v) + (total * total - np.concatenate(v)) * (1 - 0.999)
    full = weights[0] - alpha * m_all / (np.sqrt(v_all) + 1e-7)
    return ([full.copy() for _ in range(n)], [m_all[r * piece:(r + 1) * piece] for r in range(n)],
            [v_all[r * piece:(r + 1) * piece] for r in range(n)])
