def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    input_s = 0.0
    start = clock()
    it = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        input_s += clock() - t0
        step(batch)
    whole = clock() - start
    return "input" if input_s > whole / 2 else "compute"
