def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
    it = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        reading += t1 - t0
        stepping += t2 - t1
    return "input" if reading > stepping else "compute"
