# INTENT: stores the clock readings in a float32 numpy array: with a clock reading hours the microsecond differences are lost
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    import numpy as np
    stamps = [clock()]
    for batch in batches:
        stamps.append(clock())
        step(batch)
        stamps.append(clock())
    s = np.asarray(stamps, dtype=np.float32)
    d = np.diff(s)
    return "input" if d[0::2].sum() > d[1::2].sum() else "compute"
