# INTENT: wrong: subtracts a clock() call's cost (two back-to-back readings) from every read and step: not the times "as measured".
# RULED gap (issue 38, round 16): a clock() reading's cost enters the reading and the step intervals once each, so subtracting it from both leaves the comparison as it was; q1's clock whose readings cost 2**-20 s catches it there
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
    iterator = iter(batches)
    while True:
        c = clock()
        overhead = clock() - c
        t0 = clock()
        try:
            batch = next(iterator)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        reading += (t1 - t0) - overhead
        stepping += (t2 - t1) - overhead
    return "input" if reading > stepping else "compute"
