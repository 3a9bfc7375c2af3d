# INTENT: plans on the capacities sorted largest first and returns sizes in that order (not replica order)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    return sorted(memory.plan(capacities, global_batch_size).per_replica_batch_sizes, reverse=True)
