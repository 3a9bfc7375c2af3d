# INTENT: wrong: runs every step but only times the first 10000 steady steps ("enough samples"); the median must be of ALL steady steps
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    times = []
    for i, batch in enumerate(batches):
        if warmup <= i < warmup + 10000:
            start = clock()
            step(batch)
            times.append(clock() - start)
        else:
            step(batch)
    return statistics.median(times)
