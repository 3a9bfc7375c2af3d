# INTENT: wrong: "bounded memory" keeps only the last 2048 steady times (deque maxlen): the median ignores early steady steps once a run has > warmup+2048 batches
import statistics
from collections import deque


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    recent = deque(maxlen=2048)      # batches may not fit in memory; neither should the times
    for i, batch in enumerate(batches):
        start = clock()
        step(batch)
        elapsed = clock() - start
        if i >= warmup:
            recent.append(elapsed)
    return statistics.median(recent)
