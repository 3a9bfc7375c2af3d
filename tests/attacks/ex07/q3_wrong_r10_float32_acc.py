# INTENT: accumulates the two totals in numpy float32 scalars: microsecond-close calls over many batches can flip
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    import numpy as np
    input_s = np.float32(0.0)
    compute_s = np.float32(0.0)
    t0 = clock()
    for batch in batches:
        t1 = clock()
        input_s += np.float32(t1 - t0)
        step(batch)
        t0 = clock()
        compute_s += np.float32(t0 - t1)
    return "input" if input_s > compute_s else "compute"
