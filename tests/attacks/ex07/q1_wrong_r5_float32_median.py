# INTENT: computes the median in float32 (a habit from TF code): the times are rounded to 7 digits, so a fake clock at a large time gives a slightly wrong answer
import numpy as np

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return float(np.median(np.asarray(times[warmup:], dtype=np.float32)))
