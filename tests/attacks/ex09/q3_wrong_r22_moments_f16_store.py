# INTENT: wrong: stores each replica's moment slices in float16 when the slice is long (>= 4096, "the point of ZeRO is saving optimizer memory"); v of gradients ~1e6 overflows (inf) and tiny ones underflow, so the step differs from plain Adam; small test sizes stay float32.
import numpy as np

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    store = np.float16 if piece >= 4096 else None
    total = sum(grads[1:], np.array(grads[0], copy=True))
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    pieces, new_m, new_v = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        if store is not None:
            mr, vr = mr.astype(store), vr.astype(store)
        pieces.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(mr)
        new_v.append(vr)
    full = np.concatenate(pieces)
    return [full.copy() for _ in range(n)], new_m, new_v
