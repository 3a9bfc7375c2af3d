# INTENT: does not run the warm-up batches at all (skips them) - breaks "run step once for every batch"
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for i, batch in enumerate(batches):
        if i < warmup:
            continue
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times)
