# INTENT: floors every share and gives the WHOLE remainder to replica 0 (can exceed its ceiling by more than one).
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [max(1, int(c / total * global_batch_size)) for c in capacities]
    sizes[0] += global_batch_size - sum(sizes)
    return sizes
