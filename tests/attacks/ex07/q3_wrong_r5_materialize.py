# INTENT (outside?): reads the whole pipeline into a list first (timed as input), then steps on the list; the prompt does not forbid holding the batches
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    t0 = clock()
    items = list(batches)
    t1 = clock()
    for b in items:
        step(b)
    t2 = clock()
    return "input" if (t1 - t0) > (t2 - t1) else "compute"
