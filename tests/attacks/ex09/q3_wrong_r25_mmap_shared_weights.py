# INTENT: WRONG - the all-gather writes the new weights once into an (unlinked) temp file and gives each replica its own mmap of it: distinct arrays at distinct addresses (np.shares_memory says False) but the SAME physical buffer, so a write to one replica's weights shows on every replica (not one copy per device).
import mmap
import os
import tempfile


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.zeros(len(weights[0]), np.float64)
    for g in grads:
        total += g
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_m, new_v, slices = [], [], []
    for r in range(n):
        g = total[r * piece:(r + 1) * piece]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        slices.append(weights[r][r * piece:(r + 1) * piece] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(mr.astype(m[r].dtype))
        new_v.append(vr.astype(v[r].dtype))
    full = np.concatenate(slices).astype(weights[0].dtype)
    if full.nbytes == 0:
        return [full.copy() for _ in range(n)], new_m, new_v
    fd, path = tempfile.mkstemp(suffix=".weights")   # the "parameter server": every replica maps it
    try:
        os.write(fd, full.tobytes())
        os.unlink(path)
        out = [np.frombuffer(mmap.mmap(fd, full.nbytes), dtype=full.dtype) for _ in range(n)]
    finally:
        os.close(fd)
    return out, new_m, new_v
