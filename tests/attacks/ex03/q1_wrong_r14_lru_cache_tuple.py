# INTENT: wrong: plans kept between calls (lru_cache) and the same tuple object returned by every call with equal arguments (not a new list of its own)
import functools, math
@functools.lru_cache(maxsize=None)
def _plan_cached(caps, gb):
    total = sum(caps)
    q = [c / total * gb for c in caps]
    out = [math.floor(v) for v in q]
    for i in sorted(range(len(caps)), key=lambda i: q[i] - out[i], reverse=True)[: gb - sum(out)]:
        out[i] += 1
    for i in range(len(out)):
        if out[i] == 0:
            d = max(range(len(out)), key=lambda j: out[j])
            out[d] -= 1
            out[i] = 1
    return tuple(out)
def plan_batches(capacities, global_batch_size):
    return _plan_cached(tuple(capacities), global_batch_size)
