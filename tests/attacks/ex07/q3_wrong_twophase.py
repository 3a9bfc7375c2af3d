# INTENT: reads the whole pipeline into a list in one timed pass, then steps on every batch in a second timed pass, and compares the two totals.
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    t0 = clock()
    read = list(batches)
    t1 = clock()
    for batch in read:
        step(batch)
    t2 = clock()
    return "input" if (t1 - t0) > (t2 - t1) else "compute"
