# INTENT: returns floats (floor division of floats, e.g. 32.0), not ints as the contract says.
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = float(sum(capacities))
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [v // 1 for v in ideal]
    order = sorted(range(len(ideal)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[: int(global_batch_size - sum(sizes))]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] == 0:
            donor = max(range(len(sizes)), key=lambda j: sizes[j])
            sizes[donor] -= 1
            sizes[r] = 1.0
    return sizes
