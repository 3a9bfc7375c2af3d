# INTENT: applies question 1's lesson and leaves out the first batch/step (warm-up); the prompt says add up all times
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    input_s = compute_s = 0.0
    t0 = clock()
    for i, batch in enumerate(batches):
        t1 = clock()
        step(batch)
        t2 = clock()
        if i > 0:
            input_s += t1 - t0
            compute_s += t2 - t1
        t0 = t2
    return "input" if input_s > compute_s else "compute"
