# INTENT: wrong: saves a buffer by summing into the caller's grads[0] whenever it is a writable float32 array not shared with another entry, then copies its saved bytes back (bytes end as they were, but grads was written for a while, which the contract forbids; read-only or shared arrays take the clean path).
import numpy as np


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    size = len(weights[0])
    piece = size // n
    g0 = grads[0]
    borrow = (isinstance(g0, np.ndarray) and g0.flags.writeable and g0.dtype == np.float32
              and all(g is not g0 and not np.shares_memory(g, g0) for g in grads[1:]))
    if borrow:
        saved = g0.copy()                            # exact bytes, put back below
        try:
            for g in grads[1:]:
                g0 += g
            total = g0.astype(np.float64)
        finally:
            g0[...] = saved
    else:
        total = np.zeros(size, np.float64)
        for g in grads:
            total = total + g
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
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
