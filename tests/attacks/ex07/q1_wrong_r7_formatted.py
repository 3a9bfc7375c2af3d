# INTENT: returns the median through a formatted string with 2 significant digits ("%.2g"), as printed in a log.
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    times = []
    for batch in batches:
        t0 = clock(); step(batch); times.append(clock() - t0)
    return float("%.2g" % statistics.median(times[warmup:]))
