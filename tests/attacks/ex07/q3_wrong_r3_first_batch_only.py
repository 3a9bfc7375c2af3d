# INTENT: samples only the first batch (read + step) and judges from it; still iterates/steps the rest untimed
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    it = iter(batches)
    t0 = clock()
    first = next(it)
    t1 = clock()
    step(first)
    t2 = clock()
    for batch in it:
        step(batch)
    return "input" if (t1 - t0) > (t2 - t1) else "compute"
