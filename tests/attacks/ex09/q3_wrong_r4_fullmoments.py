# INTENT: keeps the moments unsharded: every replica ends with full-size m and v (state kept unsharded, the point of stage 1 lost)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    size = len(weights[0])
    piece = size // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    full_m = np.concatenate(m) if len(m[0]) != size else m[0]
    full_v = np.concatenate(v) if len(v[0]) != size else v[0]
    full_m = full_m + (total - full_m) * (1 - 0.9)
    full_v = full_v + (total * total - full_v) * (1 - 0.999)
    new = weights[0] - alpha * full_m / (np.sqrt(full_v) + 1e-7)
    return [new.copy() for _ in range(n)], [full_m.copy() for _ in range(n)], [full_v.copy() for _ in range(n)]
