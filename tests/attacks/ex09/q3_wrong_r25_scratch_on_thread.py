# INTENT: WRONG - for models past 2**15 weights it reuses the all-reduce buffer between calls, stashed as an attribute of the main thread object (threading.current_thread()): state kept between calls in an unusual place (not a module global), invisible on the 12-weight check.
import threading


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    size = len(weights[0])
    piece = size // n
    if size > 2 ** 15:                           # big model: allocate the reduce buffer once, reuse it
        here = threading.current_thread()
        total = getattr(here, "_zero1_reduce_buffer", None)
        if total is None or total.shape != (size,):
            total = here._zero1_reduce_buffer = np.empty(size, np.float64)
        total.fill(0.0)
    else:
        total = np.zeros(size, np.float64)
    for g in grads:
        np.add(total, g, out=total)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_m, new_v, slices = [], [], []
    for r in range(n):
        g = total[r * piece:(r + 1) * piece]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        slices.append(weights[r][r * piece:(r + 1) * piece] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(mr.astype(m[r].dtype))
        new_v.append(vr.astype(v[r].dtype))
    full = np.concatenate(slices)
    return [full.astype(w.dtype) for w in weights], new_m, new_v
