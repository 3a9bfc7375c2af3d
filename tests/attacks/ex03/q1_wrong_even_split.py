# INTENT: ignores the capacities: an even split with the remainder to the first replicas. (public check: caught)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    r = len(capacities)
    base, extra = divmod(global_batch_size, r)
    return [base + (1 if i < extra else 0) for i in range(r)]
