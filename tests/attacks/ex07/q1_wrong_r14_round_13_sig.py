# INTENT: wrong: the median rounded to 13 significant digits (contract: as measured, not rounded)
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return float(f"{statistics.median(times[warmup:]):.13g}")
