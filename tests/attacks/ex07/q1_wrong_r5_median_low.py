# INTENT: uses statistics.median_low (a value that was really measured) instead of the median; with an even count of steady steps it returns the lower middle one, not the mean of the two
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median_low(times[warmup:])
