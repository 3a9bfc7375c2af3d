# INTENT: wrong: "normalises" low-precision or integer gradients in the caller's list (grads[i] = float32 copy) before reducing: the caller's list no longer holds its very arrays; only fires for non-float32/64 grads, so float tests never see it.
import numpy as np

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    for i, g in enumerate(grads):
        if np.asarray(g).dtype not in (np.float32, np.float64):
            grads[i] = np.asarray(g, dtype=np.float32)
    total = np.sum(np.stack(grads), axis=0)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    pieces, new_m, new_v = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        pieces.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(mr)
        new_v.append(vr)
    full = np.concatenate(pieces)
    return [full.copy() for _ in range(n)], new_m, new_v
