# INTENT: compute = whole loop - reads, where the whole-loop clock starts before iter(): iterator creation counted twice-ish/ as compute
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    it = iter(batches)
    input_s = 0.0
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            end = clock()
            break
        input_s += clock() - t0
        step(batch)
    compute_s = (end - start) - input_s
    return "input" if input_s > compute_s else "compute"
