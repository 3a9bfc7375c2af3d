# INTENT: wrong: the final next() that ends the pipeline (StopIteration) is counted as reading time, and the loop's step time includes reading the clock twice
def find_bottleneck(step, batches, clock):
    reading = stepping = 0.0
    it = iter(batches)
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
        stepping += t2 - t1
    return "input" if reading > stepping else "compute"
