# INTENT: wrong: keeps a module-level pool of output buffers keyed by (replicas, size, dtype) between calls ("no reallocation per step"): state kept between calls, so two trainings of the same shape stepped in turn overwrite each other's weights.
import numpy as np

_pool = {}

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    size = len(weights[0])
    piece = size // n
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
    key = (n, size, np.result_type(*pieces).str)
    bufs = _pool.get(key)
    if bufs is None:
        bufs = _pool[key] = [np.empty(size, np.result_type(*pieces)) for _ in range(n)]
    for buf in bufs:
        for r, p in enumerate(pieces):
            buf[r * piece:(r + 1) * piece] = p
    return list(bufs), new_m, new_v
