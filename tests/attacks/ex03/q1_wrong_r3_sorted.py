# INTENT: returns the sizes sorted largest first (not in replica order).
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    return sorted((int(n) for n in memory.plan(capacities, global_batch_size).per_replica_batch_sizes), reverse=True)
