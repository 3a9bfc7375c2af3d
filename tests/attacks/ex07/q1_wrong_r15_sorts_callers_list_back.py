# INTENT: wrong: replaces the caller's list items by copies (slice assignment): "a caller's list is left as it was" broken (equal values, other objects)
import statistics, copy

def steady_step_seconds(step, batches, warmup, clock):
    if isinstance(batches, list):
        batches[:] = [copy.copy(b) for b in batches]
    durations = []
    for index, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        t1 = clock()
        if index >= warmup:
            durations.append(t1 - t0)
    return statistics.median(durations)
