# INTENT: integer-only Hamilton split after converting capacities to whole milli-units (int(c * 1000), "no float error"); exact for whole or coarse fractional capacities, but capacities with finer fractions are truncated: [0.0015, 0.0015, 0.001] with 40 becomes [1, 1, 1] -> [14, 13, 13] instead of 15/15/10, no longer each share rounded down or up
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    units = [max(1, int(float(c) * 1000)) for c in capacities]    # GB -> MB, whole numbers
    gb = int(global_batch_size)
    total = sum(units)
    sizes = [u * gb // total for u in units]
    remainders = [u * gb % total for u in units]
    for r in sorted(range(len(units)), key=lambda r: (-remainders[r], r))[: gb - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] < 1:
            donor = max(range(len(sizes)), key=lambda j: (sizes[j], -j))
            sizes[donor] -= 1
            sizes[r] = 1
    return sizes
