# INTENT: times each read inside the for loop from the previous step's end, but the first read (before the loop's first body) is not timed
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    input_s = compute_s = 0.0
    last = None
    for batch in batches:
        now = clock()
        if last is not None:
            input_s += now - last
        step(batch)
        last = clock()
        compute_s += last - now
    return "input" if input_s > compute_s else "compute"
