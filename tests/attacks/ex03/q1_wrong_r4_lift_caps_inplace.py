# INTENT: lifts tiny capacities in place (capacities[r] = total/G) so every replica gets an example: changes the caller's list only in the tiny case
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    for r, c in enumerate(capacities):
        if c / total * global_batch_size < 1:
            capacities[r] = total / global_batch_size
    return list(memory.plan(capacities, global_batch_size).per_replica_batch_sizes)
