# INTENT: right: one pass with next(); each read and each step timed between two clock() readings as it comes, totals added exactly with math.fsum, "input" only when reading strictly exceeds stepping.
import math


def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = [], []
    iterator = iter(batches)
    while True:
        before_read = clock()
        try:
            batch = next(iterator)
        except StopIteration:
            break
        after_read = clock()
        step(batch)
        after_step = clock()
        del batch
        reads.append(after_read - before_read)
        steps.append(after_step - after_read)
    return "input" if math.fsum(reads) > math.fsum(steps) else "compute"
