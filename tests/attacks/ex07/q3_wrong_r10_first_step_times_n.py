# INTENT: times the step once on the first batch and multiplies by the batch count (like bench.input_or_compute), steps once per batch but times only one
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    input_s = 0.0
    n = 0
    one_step = None
    t0 = clock()
    for batch in batches:
        t1 = clock()
        input_s += t1 - t0
        step(batch)
        t0 = clock()
        if one_step is None:
            one_step = t0 - t1
        n += 1
    return "input" if input_s > (one_step or 0.0) * n else "compute"
