# INTENT: floors every share and gives the whole remainder to the biggest-capacity replica; with several replicas the remainder can exceed 1 so it goes above its ceil (e.g. [1,1,1,1,1], 9 -> [5,1,1,1,1])
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [max(1, int(c * global_batch_size // total)) for c in capacities]
    big = max(range(len(capacities)), key=lambda r: capacities[r])
    sizes[big] += global_batch_size - sum(sizes)
    return sizes
