# INTENT: rounds every share up except the last replica, which takes the rest: the last one can end far below its share (or at 0)
import math


def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [math.ceil(c / total * global_batch_size) for c in capacities[:-1]]
    sizes.append(global_batch_size - sum(sizes))
    return sizes
