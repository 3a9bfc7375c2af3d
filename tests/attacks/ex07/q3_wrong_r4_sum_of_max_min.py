# INTENT: compares the range midpoint (max+min)/2 of reads vs steps, a "robust typical" instead of the totals
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = [], []
    mark = clock()
    for batch in batches:
        got = clock()
        reads.append(got - mark)
        step(batch)
        mark = clock()
        steps.append(mark - got)
    return "input" if max(reads) + min(reads) > max(steps) + min(steps) else "compute"
