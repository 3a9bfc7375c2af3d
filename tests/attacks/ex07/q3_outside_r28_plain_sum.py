# INTENT: wrong: accumulates the times with plain float += (rounding error grows with tens of thousands of batches), so a 1e-13 s close call can be misjudged; the contract's exact comparison breaks.
# RULED outside (issue 38, round 28): a plain float running sum of the intervals is the solution's own and round 5's kept right answer; the prompt forbids rounding, cutting, milliseconds and float32, not Python float addition (standing ruling)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read_s = 0.0
    step_s = 0.0
    it = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        read_s += clock() - t0
        t0 = clock()
        step(batch)
        step_s += clock() - t0
    return "input" if read_s > step_s else "compute"
