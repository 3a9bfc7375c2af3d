# INTENT: times reading in one pass and stepping in a second pass over the same batches (iterates twice)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    t0 = clock()
    n = 0
    for _ in batches:
        n += 1
    input_s = clock() - t0
    t0 = clock()
    for batch in batches:
        step(batch)
    compute_s = clock() - t0
    return "input" if input_s > compute_s else "compute"
