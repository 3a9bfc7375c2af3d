# INTENT: uses len(batches) for the loop (works for lists/datasets with a length, not any finite iterable)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    it = iter(batches)
    input_s = compute_s = 0.0
    for _ in range(len(batches)):
        t0 = clock()
        batch = next(it)
        t1 = clock()
        step(batch)
        t2 = clock()
        input_s += t1 - t0
        compute_s += t2 - t1
    return "input" if input_s > compute_s else "compute"
