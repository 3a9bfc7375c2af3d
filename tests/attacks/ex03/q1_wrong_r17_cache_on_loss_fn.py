# INTENT: wrong: plans memoised in a dict kept as an attribute of the set-up's loss_fn object (a copy returned each time): a plan kept from earlier calls, against "nothing kept from an earlier call"
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    from fractions import Fraction
    import math
    cache = loss_fn.__dict__.setdefault("_r17_plans", {})
    key = (tuple((type(c).__name__, float(c)) for c in capacities), int(global_batch_size))
    if key not in cache:
        caps = [Fraction(float(c)) for c in list(capacities)]
        g = int(global_batch_size)
        total = sum(caps)
        shares = [c / total * g for c in caps]
        sizes = [math.floor(s) for s in shares]
        order = sorted(range(len(sizes)), key=lambda r: shares[r] - sizes[r], reverse=True)
        for r in order[:g - sum(sizes)]:
            sizes[r] += 1
        for r in range(len(sizes)):
            if sizes[r] < 1:
                big = max(range(len(sizes)), key=lambda j: sizes[j])
                sizes[big] -= 1
                sizes[r] = 1
        cache[key] = tuple(int(s) for s in sizes)
    return list(cache[key])
