# INTENT: calls it input-bound only with a 10% margin (reading > 1.1 x stepping): close calls misjudged
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
    mark = clock()
    for batch in batches:
        got = clock()
        reading += got - mark
        step(batch)
        mark = clock()
        stepping += mark - got
    return "input" if reading > 1.1 * stepping else "compute"
