# INTENT: compares the slowest read with the slowest step (worst case) instead of the totals
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
    return "input" if max(reads) > max(steps) else "compute"
