# INTENT: float shares, floor, remainder to the first replicas in order: float error floors an exact integer share (e.g. [0.1,0.2,0.3])
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    import math
    total = sum(capacities)
    sizes = [max(1, math.floor(c / total * global_batch_size)) for c in capacities]
    r = 0
    while sum(sizes) < global_batch_size:
        sizes[r % len(sizes)] += 1; r += 1
    while sum(sizes) > global_batch_size:
        big = sizes.index(max(sizes)); sizes[big] -= 1
    return sizes
