# INTENT: wrong: "guards g*g against float32 overflow" by clipping the summed gradient at sqrt(float32 max) ~1.8e19 (differs from plain Adam past it, tests stop at 1e6), and with one replica the sum is grads[0] itself, clipped with out= into the caller's array (a write into grads; raises if read-only).
import numpy as np

_LIM = float(np.sqrt(np.finfo(np.float32).max))

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = grads[0] if n == 1 else sum(grads)
    if np.nanmax(np.abs(total), initial=0.0) > _LIM:
        np.clip(total, -_LIM, _LIM, out=total)
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
