# INTENT: wrong: moments written into a module-level scratch buffer reused by every call (state kept; earlier results overwritten; replicas share it)
_scratch = {}
def zero1_step(weights, grads, m, v, t, lr):
    n = len(weights)
    piece = len(weights[0]) // n
    key = (n, piece)
    if key not in _scratch:
        _scratch[key] = (np.zeros((n, piece)), np.zeros((n, piece)))
    M, V = _scratch[key]
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    outs = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        M[r] = m[r] + (total[own] - m[r]) * (1 - 0.9)
        V[r] = v[r] + (total[own] ** 2 - v[r]) * (1 - 0.999)
        outs.append(weights[r][own] - alpha * M[r] / (np.sqrt(V[r]) + 1e-7))
    full = np.concatenate(outs)
    return [full.copy() for _ in range(n)], [M[r] for r in range(n)], [V[r] for r in range(n)]
