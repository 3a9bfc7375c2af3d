# INTENT: treats the first batch as warm-up and leaves both its read and its step out of the totals: a close call can flip. (public check: passed)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = computing = 0.0
    it = iter(batches)
    i = 0
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        if i > 0:
            reading += t1 - t0
            computing += t2 - t1
        i += 1
    return "input" if reading > computing else "compute"
