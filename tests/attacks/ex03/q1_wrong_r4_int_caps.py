# INTENT: converts capacities to int first (fractional capacities like 0.5 become 0)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = [max(int(c), 1) for c in capacities]
    return list(memory.plan(caps, global_batch_size).per_replica_batch_sizes)
