# INTENT: runs a fixed number of steady steps (warmup + 8) and stops, not every batch
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for i, batch in enumerate(batches):
        if i >= warmup + 8:
            break
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[warmup:])
