# INTENT: wrong: runs every step but times only the first 10000 batches (a sample), so later batches are not added up.
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
    iterator = iter(batches)
    count = 0
    while True:
        t0 = clock()
        try:
            batch = next(iterator)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        if count < 10_000:
            reading += t1 - t0
            stepping += t2 - t1
        count += 1
    return "input" if reading > stepping else "compute"
