# INTENT: largest remainder, but a replica rounded to 0 is lifted by taking the example from the next replica (cyclic), which may itself have only one, or be far from the biggest share
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [int(s) for s in ideal]
    order = sorted(range(len(sizes)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[:global_batch_size - sum(sizes)]:
        sizes[r] += 1
    n = len(sizes)
    for r in range(n):
        if sizes[r] == 0:
            sizes[(r + 1) % n] -= 1
            sizes[r] = 1
    return sizes
