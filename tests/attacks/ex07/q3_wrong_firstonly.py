# INTENT: samples a single batch (times reading and stepping the first batch only) and stops, breaking "run step once per batch" and misjudging when the first batch is atypical. (public check: caught)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    it = iter(batches)
    t0 = clock()
    batch = next(it)
    t1 = clock()
    step(batch)
    t2 = clock()
    return "input" if (t1 - t0) > (t2 - t1) else "compute"
