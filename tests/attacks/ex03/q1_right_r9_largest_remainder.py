def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    from fractions import Fraction
    caps = [Fraction(c).limit_denominator(10**12) if isinstance(c, float) else Fraction(c) for c in capacities]
    total = sum(caps)
    ideal = [c / total * global_batch_size for c in caps]
    sizes = [int(s) for s in ideal]                     # floor (shares are >= 0)
    left = global_batch_size - sum(sizes)
    order = sorted(range(len(sizes)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[:left]:
        sizes[r] += 1
    # lift any empty replica to one example, taken from the largest one
    for r in range(len(sizes)):
        if sizes[r] == 0:
            big = max(range(len(sizes)), key=lambda i: sizes[i])
            sizes[big] -= 1
            sizes[r] = 1
    return sizes
