# INTENT: uses statistics.median_low (a measured value, never an average): differs from the median on an even count.
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    times = []
    for batch in batches:
        t0 = clock(); step(batch); times.append(clock() - t0)
    return statistics.median_low(times[warmup:])
