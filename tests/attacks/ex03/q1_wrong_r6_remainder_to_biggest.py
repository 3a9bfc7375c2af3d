# INTENT: floors the shares and hands the spare examples to the replicas with the biggest capacity first ("big cards take more"): wrong when such a replica's share is a whole number, e.g. [7, 2, 5] x 100 -> [51, 14, 35]
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [int(c * global_batch_size // total) for c in capacities]
    by_size = sorted(range(len(sizes)), key=lambda r: -capacities[r])
    left = global_batch_size - sum(sizes)
    i = 0
    while left > 0:
        sizes[by_size[i % len(sizes)]] += 1
        left -= 1
        i += 1
    for r in range(len(sizes)):
        if sizes[r] == 0:
            d = sizes.index(max(sizes))
            sizes[d] -= 1
            sizes[r] = 1
    return sizes
