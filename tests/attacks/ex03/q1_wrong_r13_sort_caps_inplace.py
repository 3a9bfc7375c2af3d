# INTENT: (the writer: wrong; ruled outside in round 13, re-ruled wrong in round 15: each item of the caller's list must stay the very object it was) converts the caller's capacities list in place to floats (capacities[:] = ...), changing the list it was given
def plan_batches(capacities, global_batch_size):
    capacities[:] = [float(c) for c in capacities]
    total = sum(capacities)
    shares = [c / total * global_batch_size for c in capacities]
    sizes = [int(s) for s in shares]
    rem = global_batch_size - sum(sizes)
    for r in sorted(range(len(sizes)), key=lambda r: sizes[r] - shares[r])[:rem]:
        sizes[r] += 1
    for r in range(len(sizes)):
        while sizes[r] < 1:
            big = sizes.index(max(sizes)); sizes[big] -= 1; sizes[r] += 1
    return sizes
