import math

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = float(sum(capacities))
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [math.floor(v) for v in ideal]
    # hand out the remainder to the largest fractional parts
    order = sorted(range(len(ideal)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[: global_batch_size - sum(sizes)]:
        sizes[r] += 1
    # every replica needs one example: take it from the biggest batch
    for r in range(len(sizes)):
        if sizes[r] == 0:
            donor = max(range(len(sizes)), key=lambda j: sizes[j])
            sizes[donor] -= 1
            sizes[r] = 1
    return sizes
