# INTENT: wrong: raw clock readings collected and summed/subtracted at the end, exactly (fractions): the prompt forbids "raw readings summed and subtracted at the end". GAP (round 15): an exact sum (Fraction, math.fsum) of the raw readings gives the intervals' sum to the bit, so no clock value shows the route; a clock whose readings flag their negation or as_integer_ratio would also flag a right answer that takes each interval exactly (Fraction(t1) - Fraction(t0)) and is evaded by float(t): fragile
from fractions import Fraction
def find_bottleneck(step, batches, clock):
    marks = []
    it = iter(batches)
    while True:
        a = clock()
        try:
            b = next(it)
        except StopIteration:
            break
        c = clock(); d = clock(); step(b); e = clock()
        marks.append((a, c, d, e))
    reading = sum(Fraction(c) for _, c, _, _ in marks) - sum(Fraction(a) for a, _, _, _ in marks)
    stepping = sum(Fraction(e) for *_, e in marks) - sum(Fraction(d) for _, _, d, _ in marks)
    return "input" if reading > stepping else "compute"
