# INTENT: wrong: times only the first 100 batches to save time and stops, so it neither steps every batch nor sees a slow batch near the end of a long pipeline.
import math


def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = [], []
    it = iter(batches)
    for _ in range(100):
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
    return "input" if math.fsum(reads) > math.fsum(steps) else "compute"
