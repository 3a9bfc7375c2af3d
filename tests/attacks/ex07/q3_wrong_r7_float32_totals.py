# INTENT: accumulates the totals in float32 numpy scalars: close calls flip by rounding.
import numpy as np
def find_bottleneck(step, batches, clock):
    it = iter(batches); read = compute = np.float32(0)
    while True:
        t0 = np.float32(clock())
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = np.float32(clock()); read += t1 - t0
        step(batch); compute += np.float32(clock()) - t1
    return "input" if read > compute else "compute"
