# INTENT: compares the MEDIAN read against the median step (per-batch typical) rather than total time producing vs stepping
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    import statistics
    reads, steps = [], []
    t = clock()
    for batch in batches:
        got = clock()
        reads.append(got - t)
        step(batch)
        t = clock()
        steps.append(t - got)
    return "input" if statistics.median(reads) > statistics.median(steps) else "compute"
