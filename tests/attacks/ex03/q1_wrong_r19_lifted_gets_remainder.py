# INTENT: wrong: replicas whose share rounds to 0 are lifted to 1 first, then the remainder goes to the largest fractional parts of ALL replicas, the lifted ones included (their fraction measured from 0), so a lifted replica can end with 2 examples
import math

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    ideal = [c / total * global_batch_size for c in capacities]
    floors = [math.floor(q) for q in ideal]
    sizes = [max(1, f) for f in floors]          # every replica needs one example
    left = global_batch_size - sum(sizes)
    if left > 0:                                 # hand out what is left by largest fractional part
        order = sorted(range(len(ideal)), key=lambda r: ideal[r] - floors[r], reverse=True)
        for r in order[:left]:
            sizes[r] += 1
    while left < 0:                              # the lifts overshot: take them back from the largest
        big = max(range(len(sizes)), key=lambda r: sizes[r])
        sizes[big] -= 1
        left += 1
    return sizes
