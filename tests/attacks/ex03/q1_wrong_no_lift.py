# INTENT: correct largest-remainder rounding but never lifts a tiny replica to one example, so a tiny capacity gets a batch of 0. (public check: passed)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [int(v) for v in ideal]
    rest = global_batch_size - sum(sizes)
    for r in sorted(range(len(ideal)), key=lambda r: ideal[r] - sizes[r], reverse=True)[:rest]:
        sizes[r] += 1
    return sizes
