# INTENT: wrong: correct update, but the bias corrections are memoised by t in an lru_cache (state kept between calls, which the contract forbids: the step depends only on its arguments), hidden in a helper the checks of globals and function attributes do not look into.
import functools

import numpy as np


@functools.lru_cache(maxsize=None)
def _bias(t):
    return float(np.sqrt(1 - 0.999 ** t)), float(1 - 0.9 ** t)


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(np.asarray(g, np.float64) for g in grads)
    c2, c1 = _bias(t)
    alpha = lr * c2 / c1
    parts, new_m, new_v = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        parts.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(mr)
        new_v.append(vr)
    full = np.concatenate(parts)
    return [full.copy() for _ in range(n)], new_m, new_v
