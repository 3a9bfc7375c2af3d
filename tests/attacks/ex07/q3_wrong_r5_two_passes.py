# INTENT: times the reads in one pass over `batches`, then iterates it again to time the steps: the pipeline is iterated twice
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    t0 = clock()
    n = sum(1 for _ in batches)
    read = clock() - t0
    t1 = clock()
    for b in batches:
        step(b)
    compute = clock() - t1
    return "input" if read > compute else "compute"
