# INTENT: wrong: a noise margin of 1e-14 s (contract: "with no noise margin"); below the close calls' resolution
def find_bottleneck(step, batches, clock):
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
    return "input" if reading - stepping > 1e-14 else "compute"
