# INTENT: >= instead of >: a tie is called "input" though the prompt says input only when it takes LONGER
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    input_s = compute_s = 0.0
    t0 = clock()
    for batch in batches:
        t1 = clock()
        input_s += t1 - t0
        step(batch)
        t0 = clock()
        compute_s += t0 - t1
    return "input" if input_s >= compute_s else "compute"
