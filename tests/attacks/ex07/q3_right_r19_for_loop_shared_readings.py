# INTENT: right — the idiomatic for-loop: the reading taken after each step is also the start of the next batch's read, so each read is (reading when the batch arrives - reading after the previous step) and each step (reading after it - reading when its batch arrived); per-batch differences kept as lists and added with sum, compared strictly.
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = [], []
    mark = clock()
    for batch in batches:
        arrived = clock()
        reads.append(arrived - mark)
        step(batch)
        mark = clock()
        steps.append(mark - arrived)
    return "input" if sum(reads) > sum(steps) else "compute"
