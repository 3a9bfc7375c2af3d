# INTENT: wrong: normalizes np.asarray(capacities, float) in place: a caller's float64 capacities array is overwritten with fractions (capacities not left unchanged)
import numpy as np

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = np.asarray(capacities, dtype=np.float64)
    caps /= caps.sum()
    shares = caps * global_batch_size
    out = np.floor(shares).astype(np.int64)
    left = int(global_batch_size - out.sum())
    for i in np.argsort(-(shares - out), kind="stable")[:left]:
        out[i] += 1
    for i in range(len(out)):
        if out[i] == 0:
            j = int(np.argmax(out))
            out[j] -= 1
            out[i] = 1
    return [int(v) for v in out]
