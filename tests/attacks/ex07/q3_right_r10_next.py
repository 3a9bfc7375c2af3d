def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    input_s = compute_s = 0.0
    it = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        input_s += t1 - t0
        compute_s += t2 - t1
    return "input" if input_s > compute_s else "compute"
