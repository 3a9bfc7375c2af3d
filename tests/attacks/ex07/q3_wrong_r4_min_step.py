# INTENT: compute time as batches x the fastest step (the "steady" step cost, warm-up/tracing excluded like q1) vs the total reading
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
    return "input" if reading > len(steps) * min(steps) else "compute"
