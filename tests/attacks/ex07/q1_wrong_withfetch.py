# INTENT: times from the end of one step to the end of the next, so each duration includes producing the batch (the input pipeline), not only the step. (public check: passed)
import numpy as np

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    durations = []
    last = clock()
    for batch in batches:
        step(batch)
        now = clock()
        durations.append(now - last)
        last = now
    return float(np.median(durations[warmup:]))
