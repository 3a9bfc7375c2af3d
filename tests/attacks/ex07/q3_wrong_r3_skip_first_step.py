# INTENT: leaves the first step (tracing) out of the compute time as in q1; the prompt wants all steps counted
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    kept = list(batches)
    input_s = clock() - start
    compute_s = 0.0
    for i, batch in enumerate(kept):
        t0 = clock()
        step(batch)
        if i > 0:
            compute_s += clock() - t0
    return "input" if input_s > compute_s else "compute"
