# INTENT: majority vote per batch (more batches slower to read than to step) instead of comparing the totals
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    votes = 0
    t0 = clock()
    for batch in batches:
        t1 = clock()
        step(batch)
        t2 = clock()
        votes += 1 if (t1 - t0) > (t2 - t1) else -1
        t0 = t2
    return "input" if votes > 0 else "compute"
