from fractions import Fraction


def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = [Fraction(c) for c in capacities]
    total = sum(caps)
    ideal = [c / total * global_batch_size for c in caps]
    sizes = [int(q) for q in ideal]                      # floor (shares are >= 0)
    left = global_batch_size - sum(sizes)
    order = sorted(range(len(caps)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[:left]:
        sizes[r] += 1
    # every replica at least one example: take from the replica furthest above its share
    for r in range(len(sizes)):
        if sizes[r] == 0:
            donor = max(range(len(sizes)), key=lambda d: (sizes[d] - ideal[d]) if sizes[d] > 1 else -10**18)
            sizes[donor] -= 1
            sizes[r] = 1
    return sizes
