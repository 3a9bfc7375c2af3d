# INTENT: memoises plans in a module-level dict keyed by (len(capacities), global_batch_size) "because plans are reused": a later call with other capacities of the same length gets the old plan
_PLANS = {}
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    key = (len(capacities), global_batch_size)
    if key not in _PLANS:
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
        _PLANS[key] = sizes
    return list(_PLANS[key])
