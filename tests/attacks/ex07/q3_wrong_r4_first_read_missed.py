# INTENT: the read timer starts only after the first batch arrives, so the first batch's read is never counted
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
    mark = None
    for batch in batches:
        got = clock()
        if mark is not None:
            reading += got - mark
        step(batch)
        mark = clock()
        stepping += mark - got
    return "input" if reading > stepping else "compute"
