# INTENT: sums the raw clock readings and subtracts the sums (catastrophic cancellation with a clock reading hours)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    before_read, after_read, after_step = [], [], []
    t = clock()
    for batch in batches:
        before_read.append(t)
        after_read.append(clock())
        step(batch)
        t = clock()
        after_step.append(t)
    input_s = sum(after_read) - sum(before_read)
    compute_s = sum(after_step) - sum(after_read)
    return "input" if input_s > compute_s else "compute"
