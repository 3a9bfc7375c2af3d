# INTENT: compares the median read with the median step (typical, as in q1) instead of the summed times
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    import statistics
    reads, steps = [], []
    t0 = clock()
    for batch in batches:
        t1 = clock()
        step(batch)
        t2 = clock()
        reads.append(t1 - t0)
        steps.append(t2 - t1)
        t0 = t2
    return "input" if statistics.median(reads) > statistics.median(steps) else "compute"
