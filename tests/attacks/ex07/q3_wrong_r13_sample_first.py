# INTENT: wrong: times only the first 256 batches (runs every step), so a slow batch near the end of an epoch is missed
def find_bottleneck(step, batches, clock):
    input_s = compute_s = 0.0
    it = iter(batches)
    i = 0
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        if i < 256:
            input_s += t1 - t0
            compute_s += t2 - t1
        i += 1
    return "input" if input_s > compute_s else "compute"
