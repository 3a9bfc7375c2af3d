# INTENT: counts the batches in an untimed first pass (to preallocate), then times a second pass: iterates batches twice
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    n = sum(1 for _ in batches)
    reads, steps = [0.0] * n, [0.0] * n
    t0 = clock()
    for i, batch in enumerate(batches):
        t1 = clock()
        reads[i] = t1 - t0
        step(batch)
        t0 = clock()
        steps[i] = t0 - t1
    return "input" if sum(reads) > sum(steps) else "compute"
