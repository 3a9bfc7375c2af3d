# INTENT: floor + remainder handed out left to right, and no lift: a tiny capacity that floors to 0 keeps 0 examples when the remainder runs out before it (e.g. [10, 10, 0.1], 4)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [int(c / total * global_batch_size) for c in capacities]
    for r in range(global_batch_size - sum(sizes)):
        sizes[r] += 1
    return sizes
