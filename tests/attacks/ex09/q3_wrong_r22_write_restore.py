# INTENT: wrong: accumulates the all-reduce inside the caller's grads[0] (flipping WRITEABLE on when the array owns its data), then puts the saved bytes and the flag back: grads is "written for a while and put back", which the contract forbids.
import numpy as np

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    acc = grads[0]
    was_writeable = acc.flags.writeable
    if acc.flags.owndata and not was_writeable:
        acc.flags.writeable = True
    if acc.flags.writeable and n > 1:
        saved = acc.tobytes()
        for g in grads[1:]:
            np.add(acc, g, out=acc)                           # all-reduce without a temporary
        total = acc.copy()
        acc[...] = np.frombuffer(saved, dtype=acc.dtype).reshape(acc.shape)
        acc.flags.writeable = was_writeable
    else:
        total = sum(np.asarray(g, dtype=np.result_type(*grads)) for g in grads)
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
