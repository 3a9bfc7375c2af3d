# INTENT: measures the total run and the steps, input = total - steps, but starts the total clock at 0 offset via a wrongly captured start (start taken after the first batch arrived)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    step_s = 0.0
    start = None
    for batch in batches:
        if start is None:
            start = clock()
        t = clock()
        step(batch)
        step_s += clock() - t
    total = clock() - start if start is not None else 0.0
    read_s = total - step_s
    return "input" if read_s > step_s else "compute"
