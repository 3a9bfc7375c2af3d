def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    kept = list(batches)
    input_s = clock() - start
    start = clock()
    for batch in kept:
        step(batch)
    compute_s = clock() - start
    return "input" if input_s > compute_s else "compute"
