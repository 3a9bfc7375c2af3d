# INTENT: wrong: replicas whose share is below 1 get one example each, then what is left is shared out again in proportion to ALL capacities (largest remainder), the lifted replicas taking part again, so a lifted replica can end with 2 examples
import math

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = list(capacities)
    total = sum(caps)
    lifted = [c / total * global_batch_size < 1 for c in caps]
    base = [1 if low else 0 for low in lifted]
    rest = global_batch_size - sum(base)
    ideal = [c / total * rest for c in caps]
    sizes = [b + math.floor(q) for b, q in zip(base, ideal)]
    order = sorted(range(len(caps)), key=lambda r: ideal[r] - math.floor(ideal[r]), reverse=True)
    for r in order[:global_batch_size - sum(sizes)]:
        sizes[r] += 1
    return sizes
