# RULED right (issue 38, round 23; filed wrong): clock() gives floats; float() of a float changes nothing
# INTENT: wrong: casts every clock() reading to float "for numpy scalars" before subtracting: an exact clock (Fraction/Decimal, or hours-long readings) is rounded, so 1e-13 s close calls flip
import math


def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = [], []
    it = iter(batches)
    while True:
        t0 = float(clock())
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = float(clock())
        step(batch)
        t2 = float(clock())
        reads.append(t1 - t0)
        steps.append(t2 - t1)
    return "input" if math.fsum(reads) - math.fsum(steps) > 0 else "compute"
