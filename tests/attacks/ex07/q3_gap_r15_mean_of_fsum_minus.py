# INTENT: wrong: uses math.fsum of start/end readings (raw readings summed and subtracted at the end, which the prompt forbids). GAP (round 15): math.fsum of the raw readings and their negations is the exact sum of the intervals (the same number as a right answer's); see q3_gap_r15_fraction_of_readings
import math
def find_bottleneck(step, batches, clock):
    iterator = iter(batches)
    rs, re, ss, se = [], [], [], []
    while True:
        t0 = clock()
        try:
            batch = next(iterator)
        except StopIteration:
            break
        rs.append(t0); re.append(clock())
        ss.append(clock()); step(batch); se.append(clock())
    reading = math.fsum(re + [-t for t in rs])
    stepping = math.fsum(se + [-t for t in ss])
    return "input" if reading > stepping else "compute"
