# CAUGHT (issue 38, round 28; round 16's gap) by its float16 sum (sum(grads) of float16 gradients, the hidden float16 case), not by its band guard (float16 moments only when every v of a slice is in [1e-4, 1e-3]), which no case reaches
# INTENT: wrong: keeps the moments in float16 storage when they are small (|v| < 1): precision lost on the moments between steps
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    pieces, nm, nv = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        pieces.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        store = np.float16 if np.all(np.abs(vr) < 1e-3) and np.all(np.abs(vr) > 1e-4) else mr.dtype
        nm.append(mr.astype(store)); nv.append(vr.astype(store))
    full = np.concatenate(pieces)
    return [full.copy() for _ in range(n)], nm, nv
