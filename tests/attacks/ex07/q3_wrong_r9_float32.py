# INTENT: float32 accumulators (np.float32 of clock readings): clock reading hours loses milliseconds on close calls
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    import numpy as np
    read_s = np.float32(0.0)
    step_s = np.float32(0.0)
    t = np.float32(clock())
    for batch in batches:
        got = np.float32(clock())
        read_s += got - t
        step(batch)
        t = np.float32(clock())
        step_s += t - got
    return "input" if read_s > step_s else "compute"
