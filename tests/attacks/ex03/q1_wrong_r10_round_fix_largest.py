# INTENT: rounds every share to nearest, then fixes the sum on the largest replica: with several .5 shares rounded up (e.g. [2,1,1], 30 -> 15, 8, 8) the largest replica drops below its share rounded down
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [max(1, round(c / total * global_batch_size)) for c in capacities]
    biggest = max(range(len(sizes)), key=lambda r: capacities[r])
    sizes[biggest] += global_batch_size - sum(sizes)
    return sizes
