# INTENT: correct, different algorithm: exact (Fraction) cumulative boundaries rounded half-up, sizes are their differences (each is its ideal share floored or ceiled, sum exact), then zeros lifted to 1 from the largest batch.
from fractions import Fraction

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = [Fraction(c) if not isinstance(c, float) else Fraction(c).limit_denominator(10**12) for c in capacities]
    total = sum(caps)
    bounds, running = [0], Fraction(0)
    for c in caps:
        running += c
        cut = running / total * global_batch_size
        bounds.append(int((cut + Fraction(1, 2)) // 1))
    bounds[-1] = global_batch_size
    sizes = [b - a for a, b in zip(bounds, bounds[1:])]
    while min(sizes) < 1:
        low = sizes.index(min(sizes))
        high = max(range(len(sizes)), key=lambda j: sizes[j])
        sizes[high] -= 1
        sizes[low] += 1
    return sizes
