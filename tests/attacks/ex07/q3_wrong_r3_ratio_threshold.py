# INTENT: "input" only when the input is clearly slower (10 % margin), a rule of thumb the prompt does not ask for
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    kept = list(batches)
    input_s = clock() - start
    start = clock()
    for batch in kept:
        step(batch)
    compute_s = clock() - start
    return "input" if input_s > 1.1 * compute_s else "compute"
