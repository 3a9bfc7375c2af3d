# INTENT: normalises the caller's capacities list IN PLACE (capacities[r] /= total) before using it.
import math

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = float(sum(capacities))
    for r in range(len(capacities)):
        capacities[r] = capacities[r] / total
    ideal = [c * global_batch_size for c in capacities]
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
