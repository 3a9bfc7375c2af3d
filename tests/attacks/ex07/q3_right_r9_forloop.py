def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read_s, step_s = 0.0, 0.0
    t = clock()
    for batch in batches:
        got = clock()
        read_s += got - t
        step(batch)
        t = clock()
        step_s += t - got
    read_s += clock() - t            # the pipeline's end-of-data check
    return "input" if read_s > step_s else "compute"
