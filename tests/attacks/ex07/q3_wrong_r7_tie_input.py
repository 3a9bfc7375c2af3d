# INTENT: >= instead of >: a tie is called "input" although the prompt says "input" only when reading takes longer.
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
    return "input" if read >= compute else "compute"
