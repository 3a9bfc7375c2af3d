# INTENT: wrong: converts every measured interval to milliseconds (dt * 1e3) before adding, so the totals are not the times as measured (each product rounded) and 1e-13 s close calls can flip.
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read_ms = step_ms = 0.0
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
        read_ms += (t1 - t0) * 1e3
        step_ms += (t2 - t1) * 1e3
    return "input" if read_ms > step_ms else "compute"
