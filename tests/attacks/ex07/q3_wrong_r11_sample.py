# INTENT: times only the first 50 batches (a "sample" to keep the overhead low) and runs the rest untimed
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
    it = iter(batches)
    i = 0
    while True:
        t0 = clock() if i < 50 else 0.0
        try:
            batch = next(it)
        except StopIteration:
            break
        if i < 50:
            t1 = clock()
            step(batch)
            t2 = clock()
            reading += t1 - t0
            stepping += t2 - t1
        else:
            step(batch)
        i += 1
    return "input" if reading > stepping else "compute"
