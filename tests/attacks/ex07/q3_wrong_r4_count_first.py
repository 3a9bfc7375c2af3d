# INTENT: counts the batches first (one pass), then times a second pass: iterates batches twice, which the prompt forbids
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    n = sum(1 for _ in batches)
    if n == 0:
        return "compute"
    reading = stepping = 0.0
    mark = clock()
    for batch in batches:
        got = clock()
        reading += got - mark
        step(batch)
        mark = clock()
        stepping += mark - got
    return "input" if reading > stepping else "compute"
