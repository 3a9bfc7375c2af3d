# INTENT: rounds each share to nearest, then dumps the whole rounding error on the last replica (can leave it 2+ away from its share).
def plan_batches(capacities, global_batch_size):
    total = sum(capacities)
    sizes = [max(1, round(c / total * global_batch_size)) for c in capacities]
    sizes[-1] += global_batch_size - sum(sizes)
    return sizes
