# INTENT: floors every share and forgets to hand out the remainder: sizes do not sum to the global batch.
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    return [max(1, int(c / total * global_batch_size)) for c in capacities]
