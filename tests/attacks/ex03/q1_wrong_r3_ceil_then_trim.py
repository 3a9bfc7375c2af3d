# INTENT: ceils every share, then removes the excess from the largest replica (which can fall below its floor).
import math

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = float(sum(capacities))
    sizes = [max(1, math.ceil(c / total * global_batch_size)) for c in capacities]
    big = max(range(len(sizes)), key=lambda r: sizes[r])
    sizes[big] -= sum(sizes) - global_batch_size
    return sizes
