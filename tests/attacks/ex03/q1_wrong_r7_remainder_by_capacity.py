# INTENT: hands the leftover examples to the largest-capacity replicas, possibly several to one (remainder > replicas with big capacity), not one each.
def plan_batches(capacities, global_batch_size):
    total = sum(capacities)
    sizes = [max(1, int(c / total * global_batch_size)) for c in capacities]
    biggest = max(range(len(sizes)), key=lambda r: capacities[r])
    sizes[biggest] += global_batch_size - sum(sizes)
    return sizes
