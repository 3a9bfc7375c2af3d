# RE-FILED wrong (issue 38, round 28; filed right in round 22): it sums the gradients in their own dtype: float16 gradients on every replica sum in float16 (5e-4 off, relative); the prompt says float16 is not fine, the sum too (sum them in float32 or float64)
# INTENT: right: sum without touching grads, each replica updates its own slice with Keras' Adam (eps on sqrt(v)), then an all-gather gives every replica its own fresh full copy; moments are new owned arrays.
import numpy as np

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.array(grads[0], copy=True)
    for g in grads[1:]:
        total = total + g                                    # the all-reduce, into new arrays only
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_m, new_v, pieces = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        pieces.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(np.array(mr, copy=True))
        new_v.append(np.array(vr, copy=True))
    new_w = [np.concatenate(pieces) for _ in range(n)]       # the all-gather: one own copy per replica
    return new_w, new_m, new_v
