# INTENT: floors every share and gives the whole remainder to the last replica: sums right, but the last replica can exceed its ideal share rounded up (exact for the public [2,1,1] / 64). (public check: passed)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [max(1, int(c / total * global_batch_size)) for c in capacities]
    sizes[-1] += global_batch_size - sum(sizes)
    return sizes
