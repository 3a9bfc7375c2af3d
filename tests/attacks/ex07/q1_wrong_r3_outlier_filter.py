# INTENT: ignores `warmup`: drops every step slower than 1.5x the overall median (warm-up and hiccups alike), median of the rest
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    m = statistics.median(times)
    return statistics.median([t for t in times if t <= 1.5 * m])
