# INTENT: wrong: on long runs (>1000 steady steps) first drops steps slower than 5x a provisional median as "outliers", so the median is taken over fewer steps and shifts; contract: median of all steady steps
import statistics


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    steady = []
    for i, batch in enumerate(batches):
        start = clock()
        step(batch)
        elapsed = clock() - start
        if i >= warmup:
            steady.append(elapsed)
    if len(steady) > 1000:                      # enough samples to be robust against hiccups
        rough = statistics.median(steady)
        steady = [t for t in steady if t <= 5 * rough]
    return statistics.median(steady)
