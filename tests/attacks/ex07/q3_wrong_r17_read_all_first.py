# INTENT: wrong: reads (and times) every batch first into a list, then steps: holds the whole epoch in memory, and the step of batch i no longer runs as batch i arrives
def find_bottleneck(step, batches, clock):
    reading = computing = 0
    got = []
    it = iter(batches)
    while True:
        t0 = clock()
        try:
            b = next(it)
        except StopIteration:
            break
        reading += clock() - t0
        got.append(b)
    for b in got:
        t1 = clock()
        step(b)
        computing += clock() - t1
    return "input" if reading > computing else "compute"
