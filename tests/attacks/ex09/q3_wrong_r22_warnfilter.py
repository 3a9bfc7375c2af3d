# INTENT: wrong: numerically plain Adam, but to hush the NaN-gradient RuntimeWarnings it adds a narrow warnings filter (message "invalid value encountered") to the session's filter list on the first call and never removes it: a session setting changed (and state between calls).
import warnings
import numpy as np

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    if not getattr(zero1_step, "_quiet", False):
        warnings.filterwarnings("ignore", message="invalid value encountered", category=RuntimeWarning)
        zero1_step._quiet = True
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads[1:], np.array(grads[0], copy=True))
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
