# INTENT: wrong: a relative noise margin of 2e-14 (contract: "with no noise margin")
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
    return "input" if reading > stepping * (1 + 2e-14) else "compute"
