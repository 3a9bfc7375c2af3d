# INTENT: compares the median read time with the median step time (robust to a slow one) instead of the totals
import statistics

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
    return "input" if statistics.median(reads) > statistics.median(steps) else "compute"
