# INTENT: wrong: pulls the whole iterable into a list before the first step (all batches held in memory, not stepped as they come), then slices off the warm-up
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    batches = list(batches)
    for batch in batches[:warmup]:
        step(batch)
    times = []
    for batch in batches[warmup:]:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times)
