# INTENT: floors the shares and hands the spare examples to the first replicas in order: wrong when a replica with a whole-number share gets one, e.g. [7, 2, 5] x 100 -> [51, 14, 35] (replica 0 must get exactly 50)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [int(c / total * global_batch_size) for c in capacities]
    left = global_batch_size - sum(sizes)
    for r in range(left):
        sizes[r % len(sizes)] += 1
    for r in range(len(sizes)):
        if sizes[r] == 0:
            donor = sizes.index(max(sizes))
            sizes[donor] -= 1
            sizes[r] = 1
    return sizes
