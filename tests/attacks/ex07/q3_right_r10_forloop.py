def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = [], []
    t0 = clock()
    for batch in batches:
        t1 = clock()
        reads.append(t1 - t0)
        step(batch)
        t0 = clock()
        steps.append(t0 - t1)
    return "input" if sum(reads) > sum(steps) else "compute"
