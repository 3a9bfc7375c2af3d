# INTENT: wrong: returns a view into one module-level numpy buffer: not "a new list (or array) of its own"; every later call overwrites the plans returned earlier
import math
import numpy as np
_PLAN_BUFFER = np.zeros(4096, dtype=np.int64)

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    shares = [c / total * global_batch_size for c in capacities]
    out = [math.floor(s) for s in shares]
    left = global_batch_size - sum(out)
    for i in sorted(range(len(out)), key=lambda i: shares[i] - out[i], reverse=True)[:left]:
        out[i] += 1
    for i in range(len(out)):
        if out[i] == 0:
            j = max(range(len(out)), key=lambda j: out[j])
            out[j] -= 1
            out[i] = 1
    n = len(out)
    _PLAN_BUFFER[:n] = out
    return _PLAN_BUFFER[:n]
