# INTENT: majority vote per batch (input when most batches were slower to read than to step) instead of comparing totals
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    votes = 0
    n = 0
    t = clock()
    for batch in batches:
        got = clock()
        read = got - t
        step(batch)
        t = clock()
        votes += read > (t - got)
        n += 1
    return "input" if votes * 2 > n else "compute"
