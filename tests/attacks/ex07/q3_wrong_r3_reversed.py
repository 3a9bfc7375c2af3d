# INTENT (outside): steps the batches in reverse order; q3 asks once per batch but does not say in order
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    kept = list(batches)
    input_s = clock() - start
    start = clock()
    for batch in reversed(kept):
        step(batch)
    compute_s = clock() - start
    return "input" if input_s > compute_s else "compute"
