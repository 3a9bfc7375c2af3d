# INTENT: wrong: for "big" models (>= 2**15 weights per replica) the all-reduce and the slice update run in float16 to halve memory/traffic; float16 is what the contract rules out, only small sizes are exact.
import numpy as np

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    size = len(weights[0])
    piece = size // n
    comm = np.float16 if size >= 1 << 15 else np.result_type(*grads)
    total = np.zeros(size, comm)
    for g in grads:
        total = total + np.asarray(g).astype(comm)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    pieces, new_m, new_v = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        pieces.append((weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7)).astype(weights[r].dtype))
        new_m.append(np.array(mr, copy=True))
        new_v.append(np.array(vr, copy=True))
    full = np.concatenate(pieces)
    return [full.copy() for _ in range(n)], new_m, new_v
