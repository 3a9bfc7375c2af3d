# INTENT: compares the median read time with the median step time (per-batch typical), not the totals
import statistics

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
    return "input" if statistics.median(reads) > statistics.median(steps) else "compute"
