# INTENT: carries question 1's warm-up over: leaves the first batch out of both totals (its read and its traced step)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read = compute = 0.0
    t0 = clock()
    for i, batch in enumerate(batches):
        t1 = clock()
        step(batch)
        t2 = clock()
        if i > 0:
            read += t1 - t0
            compute += t2 - t1
        t0 = clock()
    return "input" if read > compute else "compute"
