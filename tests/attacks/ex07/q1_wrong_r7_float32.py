# INTENT: keeps the times in a float32 numpy array: the clock differences are rounded (large clock values lose precision).
import numpy as np
def steady_step_seconds(step, batches, warmup, clock):
    times = np.zeros(0, np.float32)
    for batch in batches:
        t0 = np.float32(clock()); step(batch); t1 = np.float32(clock())
        times = np.append(times, np.float32(t1 - t0))
    return float(np.median(times[warmup:]))
