# INTENT: wrong: the all-gather writes every replica's copy into one bytearray and hands each replica an np.frombuffer window of it (no ndarray .base in common): all replicas' weights live in one common buffer, which the contract forbids.
import numpy as np

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
    full = np.concatenate(pieces)
    arena = bytearray(full.nbytes * n)                        # one allocation for the gather
    out = []
    for q in range(n):
        w = np.frombuffer(memoryview(arena)[q * full.nbytes:(q + 1) * full.nbytes], dtype=full.dtype)
        w[:] = full
        out.append(w)
    return out, new_m, new_v
