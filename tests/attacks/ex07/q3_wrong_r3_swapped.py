# INTENT: labels swapped: a slow input starves the step, student calls it "compute"-bound
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    kept = list(batches)
    input_s = clock() - start
    start = clock()
    for batch in kept:
        step(batch)
    compute_s = clock() - start
    return "compute" if input_s > compute_s else "input"
