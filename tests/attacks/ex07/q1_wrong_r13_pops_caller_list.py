# INTENT: wrong: pops the warm-up batches off the caller's list (mutates the input it was handed)
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    if not isinstance(batches, list):
        batches = list(batches)
    for _ in range(warmup):
        step(batches.pop(0))
    times = []
    for batch in batches:
        t = clock()
        step(batch)
        times.append(clock() - t)
    return statistics.median(times)
