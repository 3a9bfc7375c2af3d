# INTENT: a 1 % noise margin: input only when reading is 1 % slower than stepping
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
    return "input" if read > 1.01 * compute else "compute"
