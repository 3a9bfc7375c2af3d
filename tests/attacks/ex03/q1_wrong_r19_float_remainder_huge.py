# INTENT: wrong: the rounding remainder is computed in floats, round(sum(ideal) - sum(sizes)): for a huge global batch the float sum of the shares is off by one or more, so the sizes do not sum to the global batch
import math

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [math.floor(q) for q in ideal]
    remainder = round(sum(ideal) - sum(sizes))   # examples lost by rounding down
    order = sorted(range(len(ideal)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[:remainder]:
        sizes[r] += 1
    for r in range(len(sizes)):                  # a share below one still gets one example
        if sizes[r] == 0:
            sizes[sizes.index(max(sizes))] -= 1
            sizes[r] = 1
    return sizes
