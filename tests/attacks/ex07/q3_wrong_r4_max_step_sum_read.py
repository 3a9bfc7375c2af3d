# INTENT: reading total vs (number of batches x the slowest step): pessimistic compute estimate
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = 0.0
    steps = []
    mark = clock()
    for batch in batches:
        got = clock()
        reading += got - mark
        step(batch)
        mark = clock()
        steps.append(mark - got)
    return "input" if reading > len(steps) * max(steps) else "compute"
