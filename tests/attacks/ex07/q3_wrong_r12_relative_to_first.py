# INTENT: stores clock readings relative to the first in float32 numpy (to "save memory") before differencing
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    import numpy as np
    stamps = [clock()]
    for batch in batches:
        stamps.append(clock())
        step(batch)
        stamps.append(clock())
    t = np.asarray(stamps, dtype=np.float64) - stamps[0]
    t = t.astype(np.float32).astype(np.float64)
    reads = t[1::2] - t[0:-1:2]
    steps = t[2::2] - t[1::2]
    return "input" if reads.sum() > steps.sum() else "compute"
