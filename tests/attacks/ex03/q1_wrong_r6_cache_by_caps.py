# INTENT: functools.lru_cache on tuple(capacities) only (the plan "depends on the devices"): a later call with the same devices and another global batch returns the old plan
import functools
@functools.lru_cache(maxsize=None)
def _plan(caps):
    g = _plan.g
    total = sum(caps)
    ideal = [c / total * g for c in caps]
    sizes = [int(s) for s in ideal]
    order = sorted(range(len(sizes)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[:g - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] == 0:
            d = sizes.index(max(sizes))
            sizes[d] -= 1
            sizes[r] = 1
    return tuple(sizes)

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    _plan.g = global_batch_size
    return list(_plan(tuple(capacities)))
