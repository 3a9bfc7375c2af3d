# INTENT: compares totals rounded to whole milliseconds: a close call within 1 ms is called a tie -> "compute".
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
    return "input" if round(read * 1e3) > round(compute * 1e3) else "compute"
