# INTENT: wrong: median taken over exact Fractions and returned as a fractions.Fraction, not seconds "as measured" (a float from clock differences)
import statistics
from fractions import Fraction

def steady_step_seconds(step, batches, warmup, clock):
    durations = []
    for batch in batches:
        start = clock()
        step(batch)
        durations.append(Fraction(clock() - start))
    return statistics.median(durations[warmup:])
