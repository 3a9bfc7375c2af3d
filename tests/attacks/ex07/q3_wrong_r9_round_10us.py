# INTENT: rounds each measured interval to 10 us to 'remove float noise' before summing: misjudges calls closer than the rounding
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read_s = step_s = 0.0
    t = clock()
    for batch in batches:
        got = clock()
        read_s += round(got - t, 5)
        step(batch)
        t = clock()
        step_s += round(t - got, 5)
    return "input" if read_s > step_s else "compute"
