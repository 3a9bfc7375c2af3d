# INTENT: drops the single slowest read and the single slowest step as outliers (question 1's idea) before comparing totals
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = [], []
    t0 = clock()
    for batch in batches:
        t1 = clock()
        step(batch)
        t2 = clock()
        reads.append(t1 - t0)
        steps.append(t2 - t1)
        t0 = clock()
    read = sum(reads) - (max(reads) if len(reads) > 1 else 0)
    compute = sum(steps) - (max(steps) if len(steps) > 1 else 0)
    return "input" if read > compute else "compute"
