# INTENT: keeps only the last batch's read and step times (overwrites instead of accumulating)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
    mark = clock()
    for batch in batches:
        got = clock()
        reading = got - mark
        step(batch)
        mark = clock()
        stepping = mark - got
    return "input" if reading > stepping else "compute"
