# INTENT: processes replicas by descending capacity and forgets to put the sizes back in replica order (public case is already sorted).
def plan_batches(capacities, global_batch_size):
    caps = sorted(capacities, reverse=True)
    total = sum(caps)
    ideal = [c / total * global_batch_size for c in caps]
    sizes = [int(i) for i in ideal]
    order = sorted(range(len(caps)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[:global_batch_size - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        while sizes[r] < 1:
            donor = max(range(len(sizes)), key=lambda k: sizes[k])
            sizes[donor] -= 1
            sizes[r] += 1
    return sizes
