# INTENT: one explicit iterator: clock around next() for the reading time and around step() for the compute time, summed; "input" only if reading is strictly longer.
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    it = iter(batches)
    reading = computing = 0.0
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            reading += clock() - t0
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        reading += t1 - t0
        computing += t2 - t1
    return "input" if reading > computing else "compute"
