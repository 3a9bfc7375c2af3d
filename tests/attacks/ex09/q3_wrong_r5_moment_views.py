# RULED wrong (issue 38, round 14; was outside): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT (outside?): keeps the moments as views of one concatenated buffer (each replica "its slice" of a shared array): replicas share memory
import numpy as np

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.sum([np.asarray(g) for g in grads], axis=0)       # a new array: grads only read
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_m, new_v, slices = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        new_m.append(mr)
        new_v.append(vr)
        slices.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
    mbuf, vbuf = np.concatenate(new_m), np.concatenate(new_v)
    new_m = [mbuf[r * piece:(r + 1) * piece] for r in range(n)]
    new_v = [vbuf[r * piece:(r + 1) * piece] for r in range(n)]
    full = np.concatenate(slices)                                # the all-gather
    return [full.copy() for _ in range(n)], new_m, new_v
