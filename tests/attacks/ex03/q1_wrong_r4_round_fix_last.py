# INTENT: round() each share, then the last replica absorbs the difference (can be off by more than one)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [max(1, round(c / total * global_batch_size)) for c in capacities]
    sizes[-1] += global_batch_size - sum(sizes)
    return sizes
