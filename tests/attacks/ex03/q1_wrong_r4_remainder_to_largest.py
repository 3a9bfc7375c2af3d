# INTENT: floors every share and gives the whole remainder to the largest-capacity replica
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [max(1, int(c * global_batch_size // total)) for c in capacities]
    big = max(range(len(capacities)), key=lambda r: capacities[r])
    sizes[big] += global_batch_size - sum(sizes)
    return sizes
