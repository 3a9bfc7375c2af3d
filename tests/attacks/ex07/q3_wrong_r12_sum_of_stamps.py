# INTENT: sums raw clock stamps and subtracts the totals at the end (sum(ends) - sum(starts)): loses precision when the clock reads hours
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read_start = read_end = step_start = step_end = 0.0
    mark = clock()
    for batch in batches:
        got = clock()
        read_start += mark
        read_end += got
        step(batch)
        mark = clock()
        step_start += got
        step_end += mark
    return "input" if (read_end - read_start) > (step_end - step_start) else "compute"
