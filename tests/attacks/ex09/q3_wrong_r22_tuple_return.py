# INTENT: wrong: returns tuples of arrays ((w...), (m...), (v...)) instead of the lists the contract names as the return value ("same return value: the lists"), numerically right.
import numpy as np

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads[1:], np.array(grads[0], copy=True))
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    upd = [(weights[r][r * piece:(r + 1) * piece],
            m[r] + (total[r * piece:(r + 1) * piece] - m[r]) * (1 - 0.9),
            v[r] + (total[r * piece:(r + 1) * piece] ** 2 - v[r]) * (1 - 0.999)) for r in range(n)]
    full = np.concatenate([w - alpha * mr / (np.sqrt(vr) + 1e-7) for w, mr, vr in upd])
    return tuple(full.copy() for _ in range(n)), tuple(u[1] for u in upd), tuple(u[2] for u in upd)
