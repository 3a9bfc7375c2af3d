# INTENT: floors every share then lifts zeros to 1 BEFORE handing out the remainder, and hands the remainder by largest remainder: when a lift happens the sum overshoots and the extra is taken from the last replica
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    total = sum(capacities)
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [max(1, int(s)) for s in ideal]
    left = global_batch_size - sum(sizes)
    order = sorted(range(len(sizes)), key=lambda r: ideal[r] - int(ideal[r]), reverse=True)
    for r in order[:max(left, 0)]:
        sizes[r] += 1
    if left < 0:
        sizes[-1] += left
    return sizes
