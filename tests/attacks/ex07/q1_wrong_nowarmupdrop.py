# INTENT: median over ALL steps, warm-up included (ignores the warmup argument): the median hides a few slow warm-up steps only while they are fewer than half. (public check: passed)
import numpy as np

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    durations = []
    for batch in batches:
        start = clock()
        step(batch)
        durations.append(clock() - start)
    return float(np.median(durations))
