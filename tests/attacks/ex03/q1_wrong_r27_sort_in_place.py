# INTENT: wrong: sorts the caller's capacities list in place (largest first) to hand out the remainder, which changes an unsorted caller's list and permutes its plan (breaks "leaving capacities unchanged"; [2,1,1] is already sorted so the public case cannot see it).
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    capacities.sort(reverse=True)          # biggest devices first: they take the leftover examples
    total = sum(capacities)
    sizes = [int(c / total * global_batch_size) for c in capacities]
    for r in range(global_batch_size - sum(sizes)):
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] == 0:
            sizes[0] -= 1
            sizes[r] = 1
    return sizes
