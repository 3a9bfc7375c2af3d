# INTENT: right answer: the same one-pass timing, but each measured difference is added exactly as a Fraction (no rounding at all), then the two exact totals are compared.
from fractions import Fraction


def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    input_total = Fraction(0)
    compute_total = Fraction(0)
    sentinel = object()
    iterator = iter(batches)
    while True:
        start = clock()
        batch = next(iterator, sentinel)
        stop = clock()
        if batch is sentinel:
            break
        input_total += Fraction(stop - start)
        start = clock()
        step(batch)
        stop = clock()
        compute_total += Fraction(stop - start)
        batch = None
    return "input" if input_total > compute_total else "compute"
