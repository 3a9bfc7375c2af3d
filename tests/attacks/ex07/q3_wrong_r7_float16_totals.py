# INTENT: accumulates the two totals as float16 numpy scalars (tiny memory habit): close calls decided by rounding.
import numpy as np
def find_bottleneck(step, batches, clock):
    it = iter(batches); read = compute = np.float16(0)
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock(); read = np.float16(read + np.float16(t1 - t0))
        step(batch); compute = np.float16(compute + np.float16(clock() - t1))
    return "input" if read > compute else "compute"
