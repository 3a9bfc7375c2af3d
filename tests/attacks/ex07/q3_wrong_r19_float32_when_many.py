# INTENT: wrong — keeps the per-batch times in compact array buffers that switch from 8-byte to 4-byte floats once a run passes 8192 batches ("tens of thousands of batches"): short runs are exact, long runs narrow every time to float32 (relative error up to 6e-8 each), which the contract forbids and which flips close calls on long runs.
import math
from array import array

def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = array("d"), array("d")
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
        batch = None
        reads.append(t1 - t0)
        steps.append(t2 - t1)
        if len(reads) == 8192 and reads.typecode == "d":      # long run: halve the buffers' memory
            reads, steps = array("f", reads), array("f", steps)
    return "input" if math.fsum(reads) > math.fsum(steps) else "compute"
