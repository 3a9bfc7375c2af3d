# INTENT: right: floor of each ideal share, remainder to the largest fractional parts, then lift zeros to one.
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    from fractions import Fraction
    caps = [Fraction(c).limit_denominator(10**12) if isinstance(c, float) else Fraction(c) for c in capacities]
    total = sum(caps)
    ideal = [c / total * global_batch_size for c in caps]
    sizes = [int(i) for i in ideal]
    order = sorted(range(len(caps)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[:global_batch_size - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        while sizes[r] < 1:
            donor = max(range(len(sizes)), key=lambda k: sizes[k])
            sizes[donor] -= 1
            sizes[r] += 1
    return sizes
