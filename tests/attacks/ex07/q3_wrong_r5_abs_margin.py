# INTENT: an absolute noise margin of 2 ms: reading must exceed stepping by 2 ms to count as input-bound; close calls are misjudged
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read = compute = 0.0
    t0 = clock()
    for batch in batches:
        t1 = clock()
        step(batch)
        t2 = clock()
        read += t1 - t0
        compute += t2 - t1
        t0 = clock()
    return "input" if read > compute + 2e-3 else "compute"
