# INTENT: the step's time is taken as total elapsed minus reading, measured from one clock start: the end-of-iteration (StopIteration) read lands in compute
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    reading = 0.0
    mark = start
    for batch in batches:
        reading += clock() - mark
        step(batch)
        mark = clock()
    total = clock() - start
    return "input" if reading > total - reading else "compute"
