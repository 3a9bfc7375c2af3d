# INTENT: wrong: capacities turned into whole "percent" units with int(c * 100), truncating fractional ones like 0.29 (28.999...) -> shares off
def plan_batches(capacities, global_batch_size):
    caps = [int(c * 100) for c in capacities]
    total = sum(caps)
    shares = [c * global_batch_size / total for c in caps]
    sizes = [c * global_batch_size // total for c in caps]
    rem = global_batch_size - sum(sizes)
    for r in sorted(range(len(sizes)), key=lambda r: sizes[r] - shares[r])[:rem]:
        sizes[r] += 1
    for r in range(len(sizes)):
        while sizes[r] < 1:
            big = sizes.index(max(sizes)); sizes[big] -= 1; sizes[r] += 1
    return sizes
