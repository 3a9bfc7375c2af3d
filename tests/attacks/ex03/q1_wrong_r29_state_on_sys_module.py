# INTENT: wrong: keeps a cache of earlier plans on the sys module (keyed by capacities' ratios rounded to 2 decimals and the batch) and returns a copy of a kept plan, so near-equal capacities get an earlier plan (breaks "nothing kept from an earlier call").
import math
import sys as _sys


def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    memo = _sys.__dict__.setdefault("_plan_memo", {})
    total = sum(capacities)
    key = (tuple(round(float(c) / total, 2) for c in capacities), int(global_batch_size))
    if key in memo:
        return list(memo[key])
    shares = [c / total * global_batch_size for c in capacities]
    sizes = [math.floor(s) for s in shares]
    order = sorted(range(len(shares)), key=lambda r: shares[r] - sizes[r], reverse=True)
    for r in order[: global_batch_size - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] < 1:
            big = max(range(len(sizes)), key=sizes.__getitem__)
            sizes[big] -= 1
            sizes[r] = 1
    memo[key] = tuple(int(s) for s in sizes)
    return [int(s) for s in sizes]
