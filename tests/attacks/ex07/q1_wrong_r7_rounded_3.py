# INTENT: reports whole milliseconds (rounds the median to 3 decimals of a second).
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    times = []
    for batch in batches:
        t0 = clock(); step(batch); times.append(clock() - t0)
    return round(statistics.median(times[warmup:]), 3)
