# INTENT: compares the MEDIAN read time with the median step time per batch instead of the totals: one very slow read (or step) is ignored. (public check: passed)
import statistics

def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = [], []
    it = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        reads.append(t1 - t0)
        steps.append(clock() - t1)
    return "input" if statistics.median(reads) > statistics.median(steps) else "compute"
