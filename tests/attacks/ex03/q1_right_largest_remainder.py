# INTENT: correct: largest-remainder rounding of the ideal shares (floors, then the leftover examples to the largest fractional parts), then a replica rounded to 0 borrows one example from the biggest batch.
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = [float(c) for c in capacities]
    total = sum(caps)
    ideal = [c / total * global_batch_size for c in caps]
    sizes = [int(v // 1) for v in ideal]
    left = global_batch_size - sum(sizes)
    order = sorted(range(len(caps)), key=lambda r: (-(ideal[r] - sizes[r]), r))
    for r in order[:left]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] == 0:
            donor = max(range(len(sizes)), key=lambda j: (sizes[j], -j))
            sizes[donor] -= 1
            sizes[r] = 1
    return [int(s) for s in sizes]
