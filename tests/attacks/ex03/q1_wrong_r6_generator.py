# INTENT: returns a generator of sizes (lazy, "pythonic"), not a list/tuple/array: it can be read only once (sum(sizes) then len(set(sizes)) in the notebook sees nothing)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [int(s) for s in ideal]
    order = sorted(range(len(sizes)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[:global_batch_size - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] == 0:
            d = sizes.index(max(sizes))
            sizes[d] -= 1
            sizes[r] = 1
    return (s for s in sizes)
