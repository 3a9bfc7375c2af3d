# INTENT: does not time the input: takes the whole loop's time minus the step time (loop overhead and the last empty fetch counted as input)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    stepping = 0.0
    start = clock()
    for batch in batches:
        t1 = clock()
        step(batch)
        stepping += clock() - t1
    total = clock() - start
    return "input" if total - stepping > stepping else "compute"
