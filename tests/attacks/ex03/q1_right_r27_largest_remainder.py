# INTENT: right: largest-remainder (Hamilton) shares from a fresh float copy, then each replica below one example lifted to 1, each lifted example taken from the largest replica at the time.
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = [float(c) for c in capacities]
    total = sum(caps)
    gb = int(global_batch_size)
    quotas = [c / total * gb for c in caps]
    sizes = [int(q // 1) for q in quotas]
    order = sorted(range(len(caps)), key=lambda i: (-(quotas[i] - sizes[i]), i))
    for i in order[: gb - sum(sizes)]:
        sizes[i] += 1
    for i in range(len(sizes)):
        if sizes[i] == 0:
            donor = max(range(len(sizes)), key=lambda j: (sizes[j], -j))
            sizes[donor] -= 1
            sizes[i] = 1
    return sizes
