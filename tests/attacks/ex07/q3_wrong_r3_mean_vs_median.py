# INTENT: compares per-batch MEDIANS (q1 habit) instead of the total time of each part
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
        t2 = clock()
        reads.append(t1 - t0)
        steps.append(t2 - t1)
    return "input" if statistics.median(reads) > statistics.median(steps) else "compute"
