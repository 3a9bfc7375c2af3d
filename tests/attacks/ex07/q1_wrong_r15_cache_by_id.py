# INTENT: wrong: caches the result by (id(step), warmup) on the function: a second call with new costs returns the old number
import statistics

def steady_step_seconds(step, batches, warmup, clock, _cache={}):
    key = (id(step), id(clock), warmup)
    durations = []
    for index, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        t1 = clock()
        if index >= warmup:
            durations.append(t1 - t0)
    if key in _cache:
        return _cache[key]
    _cache[key] = statistics.median(durations)
    return _cache[key]
