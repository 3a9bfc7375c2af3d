# INTENT: compares the mean read per batch with the mean step per batch: same as totals, but an empty pipeline (0 batches) crashes with ZeroDivisionError
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read_s = step_s = 0.0
    n = 0
    t = clock()
    for batch in batches:
        got = clock()
        read_s += got - t
        step(batch)
        t = clock()
        step_s += t - got
        n += 1
    return "input" if read_s / n > step_s / n else "compute"
