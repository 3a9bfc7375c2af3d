# INTENT: wrong: ignores t and counts steps itself in a file under the temp directory (reset when all moments are zero), so the step depends on state kept between calls, not only on its arguments.
import os
import tempfile


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.zeros(len(weights[0]), np.float64)
    for gr in grads:
        total = total + np.asarray(gr, np.float64)
    path = os.path.join(tempfile.gettempdir(), "zero1_step_count.txt")
    fresh = all(not np.any(x) for x in m) and all(not np.any(x) for x in v)
    try:
        k = 0 if fresh else int(open(path).read())
    except (OSError, ValueError):
        k = 0
    k += 1
    with open(path, "w") as f:
        f.write(str(k))
    alpha = lr * np.sqrt(1 - 0.999 ** k) / (1 - 0.9 ** k)
    slices, out_m, out_v = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        slices.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        out_m.append(np.array(mr, copy=True))
        out_v.append(np.array(vr, copy=True))
    full = np.concatenate(slices)
    return [np.array(full, dtype=weights[r].dtype, copy=True) for r in range(n)], out_m, out_v
