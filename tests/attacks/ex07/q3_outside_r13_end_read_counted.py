# INTENT: wrong: also counts the final next() that raises StopIteration as reading time
def find_bottleneck(step, batches, clock):
    it = iter(batches)
    input_s = 0.0
    compute_s = 0.0
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            input_s += clock() - t0
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        input_s += t1 - t0
        compute_s += t2 - t1
    return "input" if input_s > compute_s else "compute"
