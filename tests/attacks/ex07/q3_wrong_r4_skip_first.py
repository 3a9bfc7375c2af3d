# INTENT: carries q1's habit over: leaves the first batch (tracing step, first read) out of both totals
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
    mark = clock()
    for i, batch in enumerate(batches):
        got = clock()
        step(batch)
        done = clock()
        if i > 0:
            reading += got - mark
            stepping += done - got
        mark = done
    return "input" if reading > stepping else "compute"
