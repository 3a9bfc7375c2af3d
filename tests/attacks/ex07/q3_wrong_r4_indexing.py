# INTENT: uses len(batches) and batches[i]: reading time taken by indexing; breaks on a generator (the prompt: a finite iterable)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
    for i in range(len(batches)):
        t0 = clock()
        batch = batches[i]
        t1 = clock()
        step(batch)
        t2 = clock()
        reading += t1 - t0
        stepping += t2 - t1
    return "input" if reading > stepping else "compute"
