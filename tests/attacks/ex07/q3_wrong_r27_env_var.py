# INTENT: wrong: sets TF_CPP_MIN_LOG_LEVEL in os.environ inside the function to quiet TensorFlow while timing and never restores it, changing an environment variable of the session (forbidden).
import math
import os


def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
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
    return "input" if math.fsum(reads) > math.fsum(steps) else "compute"
