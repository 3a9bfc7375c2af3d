# INTENT: wrong: a relative noise margin of 1e-12 (prompt: no noise margin)
def find_bottleneck(step, batches, clock):
    it = iter(batches)
    input_s = 0.0
    compute_s = 0.0
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        input_s += t1 - t0
        compute_s += t2 - t1
    return "input" if input_s > compute_s * (1 + 1e-12) else "compute"
