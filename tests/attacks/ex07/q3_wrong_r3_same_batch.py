# INTENT: like bench.input_or_compute: times the step n times on the first batch, not once per batch
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    kept = list(batches)
    input_s = clock() - start
    start = clock()
    for _ in kept:
        step(kept[0])
    compute_s = clock() - start
    return "input" if input_s > compute_s else "compute"
