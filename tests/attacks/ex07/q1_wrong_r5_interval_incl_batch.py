# INTENT: times each step as the interval between consecutive clock reads at the top of the loop, so each step's time includes producing its next batch
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    last = clock()
    for batch in batches:
        step(batch)
        now = clock()
        times.append(now - last)
        last = now
    return statistics.median(times[warmup:])
