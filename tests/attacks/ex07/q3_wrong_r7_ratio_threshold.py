# INTENT: calls it "input" only when reading is more than 10% slower than compute (a "significance" margin the prompt does not have).
def find_bottleneck(step, batches, clock):
    it = iter(batches); read = compute = 0.0
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock(); read += t1 - t0
        step(batch); compute += clock() - t1
    return "input" if read > 1.1 * compute else "compute"
