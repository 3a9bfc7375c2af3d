# INTENT: memoises plans per (capacities, batch) and returns the same list object each call: a caller that edits its plan (e.g. caps a replica) changes the next call's plan.
_plans = {}
def plan_batches(capacities, global_batch_size):
    key = (tuple(capacities), int(global_batch_size))
    if key not in _plans:
        total = sum(capacities)
        ideal = [c / total * global_batch_size for c in capacities]
        sizes = [int(i) for i in ideal]
        order = sorted(range(len(sizes)), key=lambda r: ideal[r] - sizes[r], reverse=True)
        for r in order[:global_batch_size - sum(sizes)]:
            sizes[r] += 1
        for r in range(len(sizes)):
            while sizes[r] < 1:
                donor = max(range(len(sizes)), key=lambda k: sizes[k])
                sizes[donor] -= 1
                sizes[r] += 1
        _plans[key] = sizes
    return _plans[key]
