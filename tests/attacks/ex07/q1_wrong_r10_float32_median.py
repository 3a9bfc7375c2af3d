# INTENT: takes the median with np.median over a float32 array of the step times (rounds the answer to float32)
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import numpy as np
    times = []
    for batch in batches:
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
    return float(np.median(np.array(times[warmup:], dtype=np.float32)))
