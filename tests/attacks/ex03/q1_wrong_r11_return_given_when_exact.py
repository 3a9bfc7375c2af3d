# INTENT: shortcut: when the capacities already sum to the global batch they ARE the plan, so it returns the caller's list itself (not a new list: a caller's edit of the plan changes the capacities / later plans)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    if sum(capacities) == global_batch_size and all(c >= 1 and c == int(c) for c in capacities):
        return capacities
    total = sum(capacities)
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [max(1, int(i)) for i in ideal]
    order = sorted(range(len(sizes)), key=lambda r: ideal[r] - int(ideal[r]), reverse=True)
    k = 0
    while sum(sizes) < global_batch_size:
        sizes[order[k % len(order)]] += 1
        k += 1
    while sum(sizes) > global_batch_size:
        sizes[max(range(len(sizes)), key=lambda r: sizes[r])] -= 1
    return sizes
