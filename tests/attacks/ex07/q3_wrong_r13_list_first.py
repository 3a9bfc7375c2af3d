# INTENT: wrong: reads all batches with one list() timed as a single difference, then steps (not per batch as measured)
def find_bottleneck(step, batches, clock):
    t0 = clock()
    loaded = list(batches)
    input_s = clock() - t0
    compute_s = 0.0
    for batch in loaded:
        t1 = clock()
        step(batch)
        compute_s += clock() - t1
    return "input" if input_s > compute_s else "compute"
