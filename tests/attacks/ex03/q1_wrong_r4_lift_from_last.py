# INTENT: largest remainder; lifts a 0 replica to 1 by taking from the LAST replica (can push it below its floor, or to 0)
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [int(i) for i in ideal]
    order = sorted(range(len(sizes)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[: global_batch_size - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] < 1:
            sizes[r] += 1
            sizes[-1 if r != len(sizes) - 1 else 0] -= 1
    return sizes
