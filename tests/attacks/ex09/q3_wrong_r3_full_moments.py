# INTENT: keeps the moments unsharded: each replica gets the whole m and v back (state not sharded)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    total = sum(grads)
    mm = np.concatenate(m) if len(m[0]) != len(total) else m[0]
    vv = np.concatenate(v) if len(v[0]) != len(total) else v[0]
    mm = mm + (total - mm) * 0.1
    vv = vv + (total * total - vv) * 0.001
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    w = weights[0] - alpha * mm / (np.sqrt(vv) + 1e-7)
    return [w.copy() for _ in range(n)], [mm.copy() for _ in range(n)], [vv.copy() for _ in range(n)]
