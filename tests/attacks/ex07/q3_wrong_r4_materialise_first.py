def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    t0 = clock()
    kept = list(batches)
    t1 = clock()
    for batch in kept:
        step(batch)
    t2 = clock()
    return "input" if t1 - t0 > t2 - t1 else "compute"
