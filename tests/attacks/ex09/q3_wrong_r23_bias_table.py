# INTENT: wrong: plain Adam, but the bias corrections are memoised in a module-level numpy table filled lazily by t (state kept between calls, which the contract forbids; a NaN slot means not yet computed); numerically harmless, only a check of kept state can see it.
import numpy as np

_BIAS = np.full((2, 1 << 12), np.nan)


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.zeros(len(weights[0]), np.float64)
    for g in grads:
        total = total + g
    if t < _BIAS.shape[1] and np.isnan(_BIAS[0, t]):
        _BIAS[:, t] = np.sqrt(1 - 0.999 ** t), 1 - 0.9 ** t
    c2, c1 = _BIAS[:, t] if t < _BIAS.shape[1] else (np.sqrt(1 - 0.999 ** t), 1 - 0.9 ** t)
    alpha = lr * c2 / c1
    parts, new_m, new_v = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        parts.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(np.array(mr))
        new_v.append(np.array(vr))
    full = np.concatenate(parts)
    return [full.copy() for _ in range(n)], new_m, new_v
