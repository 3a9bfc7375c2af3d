# INTENT: wrong state - every replica keeps full-length moments (m[r], v[r] grown to the whole vector): weights right but the moments are not sharded (public check: caught)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    total = sum(grads)
    size = len(weights[0])
    piece = size // n
    full_m = np.concatenate(m) if len(m[0]) != size else m[0]
    full_v = np.concatenate(v) if len(v[0]) != size else v[0]
    full_m = 0.9 * full_m + 0.1 * total
    full_v = 0.999 * full_v + 0.001 * total * total
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    w = weights[0] - alpha * full_m / (np.sqrt(full_v) + 1e-7)
    return [w.copy() for _ in range(n)], [full_m.copy() for _ in range(n)], [full_v.copy() for _ in range(n)]
