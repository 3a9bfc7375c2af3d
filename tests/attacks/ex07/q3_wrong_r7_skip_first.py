# INTENT: leaves the first batch out of both totals (warm-up habit from question 1).
def find_bottleneck(step, batches, clock):
    it = iter(batches); read = compute = 0.0; k = 0
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        if k > 0:
            read += t1 - t0; compute += t2 - t1
        k += 1
    return "input" if read > compute else "compute"
