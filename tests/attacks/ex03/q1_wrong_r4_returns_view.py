# INTENT: returns a generator (sizes consumed once)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    return (n for n in memory.plan(capacities, global_batch_size).per_replica_batch_sizes)
