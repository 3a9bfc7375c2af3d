# INTENT: wrong: every lifted example is taken from the replica with the largest CAPACITY (fixed), not the largest replica at the time; with several tiny replicas it sinks below its share
def plan_batches(capacities, global_batch_size):
    total = sum(capacities)
    shares = [c / total * global_batch_size for c in capacities]
    sizes = [int(s) for s in shares]
    order = sorted(range(len(sizes)), key=lambda r: shares[r] - sizes[r], reverse=True)
    for r in order[:global_batch_size - sum(sizes)]:
        sizes[r] += 1
    donor = max(range(len(capacities)), key=lambda r: capacities[r])
    for r in range(len(sizes)):
        if sizes[r] == 0:
            sizes[donor] -= 1; sizes[r] = 1
    return sizes
