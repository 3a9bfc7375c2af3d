# INTENT: wrong: shares computed in float64 (c / total * G): for a global batch above 2**53 the floor is off by more than one, so a share is not its ideal share rounded down or up
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    import math
    caps = [float(c) for c in capacities]
    total = sum(caps)
    shares = [c / total * global_batch_size for c in caps]
    sizes = [int(math.floor(s)) for s in shares]
    left = int(global_batch_size) - sum(sizes)
    order = sorted(range(len(sizes)), key=lambda r: shares[r] - sizes[r], reverse=True)
    i = 0
    while left > 0:
        sizes[order[i % len(order)]] += 1
        left -= 1
        i += 1
    while left < 0:
        sizes[order[-1 - (i % len(order))]] -= 1
        left += 1
        i += 1
    for r in range(len(sizes)):
        if sizes[r] < 1:
            big = max(range(len(sizes)), key=lambda j: sizes[j])
            sizes[big] -= 1
            sizes[r] = 1
    return sizes
