# INTENT: subtracts 1 GB "headroom" from every capacity before splitting (capacities are only ratios; this changes the shares).
import math

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = [max(c - 1, 0.5) for c in capacities]
    total = float(sum(caps))
    ideal = [c / total * global_batch_size for c in caps]
    sizes = [math.floor(v) for v in ideal]
    order = sorted(range(len(ideal)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[: global_batch_size - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] == 0:
            donor = max(range(len(sizes)), key=lambda j: sizes[j])
            sizes[donor] -= 1
            sizes[r] = 1
    return sizes
