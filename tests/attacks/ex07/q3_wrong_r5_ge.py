# INTENT: ">=" instead of ">": a tie (equal read and step time) is called input-bound though the prompt says input only when reading takes longer
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read = compute = 0.0
    t0 = clock()
    for batch in batches:
        t1 = clock()
        step(batch)
        t2 = clock()
        read += t1 - t0
        compute += t2 - t1
        t0 = clock()
    return "input" if read >= compute else "compute"
