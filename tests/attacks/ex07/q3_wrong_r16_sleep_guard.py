# INTENT: wrong: intervals longer than an hour are dropped as "the machine slept", so a very slow batch is not added up.
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
    iterator = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(iterator)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        if t1 - t0 < 3600.0:
            reading += t1 - t0
        if t2 - t1 < 3600.0:
            stepping += t2 - t1
    return "input" if reading > stepping else "compute"
