# INTENT: tie goes to input (>=): when reading and stepping take exactly as long it says input although reading is not longer
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    it = iter(batches)
    read = compute = 0.0
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            read += clock() - t0
            break
        t1 = clock()
        read += t1 - t0
        step(batch)
        compute += clock() - t1
    return "input" if read >= compute else "compute"
