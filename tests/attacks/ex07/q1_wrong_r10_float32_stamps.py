# INTENT: keeps the clock readings in a float32 numpy array: with a clock reading hours (perf_counter) the step times are garbage
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import numpy as np
    starts, ends = [], []
    for batch in batches:
        starts.append(clock())
        step(batch)
        ends.append(clock())
    d = np.asarray(ends, np.float32) - np.asarray(starts, np.float32)
    return float(np.median(d[warmup:]))
