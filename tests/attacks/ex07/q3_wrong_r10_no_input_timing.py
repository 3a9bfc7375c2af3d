# INTENT: times only the steps and never the reads (input_s stays 0): always answers "compute"
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    input_s = compute_s = 0.0
    for batch in batches:
        t1 = clock()
        step(batch)
        t2 = clock()
        compute_s += t2 - t1
    # input: whatever the loop spent outside the steps
    return "input" if input_s > compute_s else "compute"
