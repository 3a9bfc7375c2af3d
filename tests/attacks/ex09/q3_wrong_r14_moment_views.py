# INTENT: wrong: every replica's moments are views into one full-size buffer (full-size moments kept alive behind each slice)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    M = np.concatenate(m)
    V = np.concatenate(v)
    M += (total - M) * (1 - 0.9)
    V += (total * total - V) * (1 - 0.999)
    full = weights[0] - alpha * M / (np.sqrt(V) + 1e-7)
    m = [M[r * piece:(r + 1) * piece] for r in range(n)]
    v = [V[r * piece:(r + 1) * piece] for r in range(n)]
    return [full.copy() for _ in range(n)], m, v
