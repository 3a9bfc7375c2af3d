# INTENT: floors the float share c/total*gb and gives the remainder in replica order: float error turns an exact share like 3 into 2.9999999, which is floored to 2 and the remainder then goes to replica 0 instead (a share rounded neither down nor up)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    sizes = [int(c / total * global_batch_size) for c in capacities]
    left = global_batch_size - sum(sizes)
    for r in range(left):
        sizes[r % len(sizes)] += 1
    for r in range(len(sizes)):
        if sizes[r] < 1:
            donor = max(range(len(sizes)), key=lambda d: sizes[d])
            sizes[donor] -= 1
            sizes[r] = 1
    return sizes
