# INTENT: apportions over the capacities sorted from largest to smallest (for the remainder) and returns the sizes in that sorted order, not in replica order
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = sorted(capacities, reverse=True)
    total = sum(caps)
    ideal = [c / total * global_batch_size for c in caps]
    sizes = [max(1, int(q)) for q in ideal]
    r = 0
    while sum(sizes) < global_batch_size:
        sizes[r] += 1
        r += 1
    while sum(sizes) > global_batch_size:
        sizes[0] -= 1
    return sizes
