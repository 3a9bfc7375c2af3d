# INTENT: rounds each share to nearest, then pushes the whole rounding error onto replica 0; with many replicas (e.g. [1]*4, batch 10) replica 0 gets 4, not floor/ceil of 2.5
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [max(1, round(c / total * global_batch_size)) for c in capacities]
    sizes[0] += global_batch_size - sum(sizes)
    return sizes
