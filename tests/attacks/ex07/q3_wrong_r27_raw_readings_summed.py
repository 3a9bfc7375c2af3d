# INTENT: wrong: sums the raw clock readings and subtracts at the end (sum(ends) - sum(starts)), which the prompt forbids; with a clock reading hours it loses the low bits and misjudges close calls.
import math


def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read_starts, read_ends, step_ends = [], [], []
    it = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        read_starts.append(t0)
        read_ends.append(clock())
        step(batch)
        step_ends.append(clock())
    reading = math.fsum(read_ends) - math.fsum(read_starts)
    stepping = math.fsum(step_ends) - math.fsum(read_ends)
    return "input" if reading > stepping else "compute"
