# INTENT: sets the global seeds so the timed steps are "reproducible": changes the session's NumPy/Python/TF seeds
import random
import statistics
import numpy as np

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    random.seed(0)
    np.random.seed(0)
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[warmup:])
