# INTENT: materialises the batches with list() timed as input, but also calls len() and re-iterates for nothing; uses a per-batch mean with a 1-microsecond threshold "for noise"
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    t0 = clock()
    got = list(batches)
    input_s = clock() - t0
    t1 = clock()
    for batch in got:
        step(batch)
    compute_s = clock() - t1
    n = max(len(got), 1)
    return "input" if input_s / n > compute_s / n + 1e-6 else "compute"
