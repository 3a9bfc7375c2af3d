# INTENT: uses a plain for loop and times the read from the end of the previous step: the final (failed) read that discovers the end of the pipeline is left out, and so is the first read before the first clock
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read = compute = 0.0
    last = None
    for batch in batches:
        t1 = clock()
        if last is not None:
            read += t1 - last
        step(batch)
        last = clock()
        compute += last - t1
    return "input" if read > compute else "compute"
