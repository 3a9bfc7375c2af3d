# INTENT: lifts a zero replica to one by taking the example from replica 0, whatever its size (replica 0 may be the tiny one).
def plan_batches(capacities, global_batch_size):
    total = sum(capacities)
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [int(i) for i in ideal]
    order = sorted(range(len(sizes)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[:global_batch_size - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] < 1:
            sizes[r] += 1
            sizes[0] -= 1
    return sizes
