# INTENT: skips the warm-up batches entirely instead of running them (breaks "run step once for every batch"); median of the rest. (public check: caught)
import numpy as np

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    durations = []
    for i, batch in enumerate(batches):
        if i < warmup:
            continue
        start = clock()
        step(batch)
        durations.append(clock() - start)
    return float(np.median(durations))
