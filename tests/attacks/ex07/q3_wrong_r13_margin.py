# INTENT: wrong: a 1e-9 s noise margin in favour of compute (prompt: no noise margin)
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
    return "input" if input_s > compute_s + 1e-9 else "compute"
