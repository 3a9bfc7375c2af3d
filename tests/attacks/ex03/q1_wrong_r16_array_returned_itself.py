# INTENT: wrong: when whole capacities already sum to the batch it returns np.asarray(capacities): for a caller's int64 array that IS the caller's object ("never the list capacities itself")
import math
import numpy as np

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = np.asarray(capacities)
    if caps.dtype.kind in "iu" and int(caps.sum()) == global_batch_size and caps.min() >= 1:
        return caps                       # already the plan
    total = float(caps.sum())
    shares = [float(c) / total * global_batch_size for c in caps]
    out = [math.floor(s) for s in shares]
    left = global_batch_size - sum(out)
    for i in sorted(range(len(out)), key=lambda i: shares[i] - out[i], reverse=True)[:left]:
        out[i] += 1
    for i in range(len(out)):
        if out[i] == 0:
            j = max(range(len(out)), key=lambda j: out[j])
            out[j] -= 1
            out[i] = 1
    return np.array(out)
