# INTENT: measures "input" as the wall time of the whole loop (which includes the steps) against the step time alone: always says "input". (public check: caught)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    computing = 0.0
    for batch in batches:
        t = clock()
        step(batch)
        computing += clock() - t
    total = clock() - start
    return "input" if total > computing else "compute"
