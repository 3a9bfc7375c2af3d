# INTENT: correct largest-remainder plan, but it "protects" the capacities by setting writeable=False on np.asarray(capacities, float); for a caller's float64 NumPy array asarray is that very array, so the caller's capacities are left read-only (their next edit raises) - the input is not left as it was
import numpy as np


def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = np.asarray(capacities, dtype=np.float64)
    caps.flags.writeable = False          # make sure nothing below edits the capacities
    gb = int(global_batch_size)
    ideal = caps / caps.sum() * gb
    sizes = [int(q) for q in np.floor(ideal)]
    rest = ideal - np.floor(ideal)
    for r in sorted(range(len(sizes)), key=lambda i: (-rest[i], i))[: gb - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] < 1:
            donor = max(range(len(sizes)), key=lambda j: (sizes[j], -j))
            sizes[donor] -= 1
            sizes[r] = 1
    return sizes
