# INTENT: a 5 % noise margin: 'input' only when reading is clearly (5 %) slower; close calls come out wrong
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read = compute = 0.0
    t0 = clock()
    for batch in batches:
        t1 = clock()
        step(batch)
        t2 = clock()
        read += t1 - t0
        compute += t2 - t1
        t0 = clock()
    return "input" if read > 1.05 * compute else "compute"
