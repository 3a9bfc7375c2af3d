# INTENT: as bench.input_or_compute: times the step on the first batch kept in memory n times (steps do not run on each batch)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    t0 = clock()
    first = None
    n = 0
    for batch in batches:
        if first is None:
            first = batch
        n += 1
    reading = clock() - t0
    t1 = clock()
    for _ in range(n):
        step(first)
    return "input" if reading > clock() - t1 else "compute"
