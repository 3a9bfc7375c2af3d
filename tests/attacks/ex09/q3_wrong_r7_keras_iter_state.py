# INTENT: keeps its own step counter on the function (like optimizer.iterations) and uses it instead of t
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    zero1_step.count = getattr(zero1_step, "count", 0) + 1
    step = max(t, zero1_step.count) if t > 1 else t
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** step) / (1 - 0.9 ** step)
    out = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        out.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    full = np.concatenate(out)
    return [full.copy() for _ in range(n)], m, v
