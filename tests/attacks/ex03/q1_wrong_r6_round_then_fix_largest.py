# INTENT: rounds each share to nearest, then puts the whole surplus/deficit on the largest replica: with many replicas rounding the same way the largest is off by more than one from its share
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [max(1, round(c / total * global_batch_size)) for c in capacities]
    big = max(range(len(sizes)), key=lambda r: capacities[r])
    sizes[big] += global_batch_size - sum(sizes)
    return sizes
