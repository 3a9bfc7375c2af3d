# INTENT: ceilings every share, then trims the excess from the LAST replica only (it can drop below its floor by several).
import math
def plan_batches(capacities, global_batch_size):
    total = sum(capacities)
    sizes = [max(1, math.ceil(c * global_batch_size / total)) for c in capacities]
    sizes[-1] -= sum(sizes) - global_batch_size
    return sizes
