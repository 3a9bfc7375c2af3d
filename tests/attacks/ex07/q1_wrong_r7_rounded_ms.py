# INTENT: rounds the answer to a tenth of a millisecond (4 decimals) "for readability": not the median.
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    times = []
    for batch in batches:
        t0 = clock(); step(batch); times.append(clock() - t0)
    return round(statistics.median(times[warmup:]), 4)
