# INTENT: right: times each step between two clock() readings as it comes, skips the first `warmup` times, returns statistics.median of the rest.
import statistics


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    steady = []
    for index, batch in enumerate(batches):
        start = clock()
        step(batch)
        elapsed = clock() - start
        del batch
        if index >= warmup:
            steady.append(elapsed)
    return statistics.median(steady)
