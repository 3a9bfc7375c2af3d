# INTENT: zip-style pairing drops the last batch's step (off by one: steps n-1 batches)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    kept = list(batches)
    input_s = clock() - start
    start = clock()
    for batch, _next in zip(kept, kept[1:]):
        step(batch)
    compute_s = clock() - start
    return "input" if input_s > compute_s else "compute"
