# INTENT: treats capacities as whole GB (int(c)), so fractional capacities like [1.5, 1, 1] are planned as [1, 1, 1] (even split), [0.5, ...] crash or go to zero
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = [max(1, int(c)) for c in capacities]
    total = sum(caps)
    sizes = [c * global_batch_size // total for c in caps]
    rem = global_batch_size - sum(sizes)
    for r in range(rem):
        sizes[r % len(sizes)] += 1
    return [max(1, s) for s in sizes]
