# INTENT: WRONG - each replica's moment slice is a copied, slice-sized array, but of an ndarray subclass whose attribute `.full` holds the full-size moment vector (kept "for the all-gather and debugging"): a full-size moment stays alive behind every slice, hidden from .base / ownership checks.
class MomentSlice(np.ndarray):
    """A replica's slice of an Adam moment; `.full` remembers the whole vector it was cut from."""
    full = None

    def __array_finalize__(self, obj):
        self.full = getattr(obj, "full", None)


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.zeros(len(weights[0]), np.float64)
    for g in grads:
        total += g
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    full_m = np.concatenate([m[r] + (total[r * piece:(r + 1) * piece] - m[r]) * (1 - 0.9) for r in range(n)])
    full_v = np.concatenate([v[r] + (total[r * piece:(r + 1) * piece] ** 2 - v[r]) * (1 - 0.999) for r in range(n)])
    new_w = np.concatenate([weights[r][r * piece:(r + 1) * piece] for r in range(n)]) \
        - alpha * full_m / (np.sqrt(full_v) + 1e-7)
    new_m, new_v = [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        mr = full_m[own].astype(np.asarray(m[r]).dtype).view(MomentSlice)
        vr = full_v[own].astype(np.asarray(v[r]).dtype).view(MomentSlice)
        mr.full, vr.full = full_m, full_v
        new_m.append(mr)
        new_v.append(vr)
    return [new_w.astype(w.dtype) for w in weights], new_m, new_v
