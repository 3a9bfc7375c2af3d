def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    return [int(s) for s in memory.plan(list(capacities), global_batch_size).per_replica_batch_sizes]
