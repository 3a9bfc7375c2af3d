# INTENT: compares the median read time with the median step time (typical batch) instead of the totals.
import statistics
def find_bottleneck(step, batches, clock):
    it = iter(batches); reads, steps = [], []
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock(); reads.append(t1 - t0)
        step(batch); steps.append(clock() - t1)
    return "input" if statistics.median(reads) > statistics.median(steps) else "compute"
