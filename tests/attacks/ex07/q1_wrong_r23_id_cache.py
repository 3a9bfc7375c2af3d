# INTENT: wrong: memoises the result on the function keyed by id(batches), id(step), warmup: a later call with a new list that reuses a freed list's id returns a stale number and runs no step
import statistics


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    cache = steady_step_seconds.__dict__.setdefault("_seen", {})
    key = (id(batches), id(step), warmup)
    if isinstance(batches, list) and key in cache:
        return cache[key]                          # same batches, same step: same timing
    steady = []
    for i, batch in enumerate(batches):
        start = clock()
        step(batch)
        elapsed = clock() - start
        if i >= warmup:
            steady.append(elapsed)
    result = statistics.median(steady)
    if isinstance(batches, list):
        cache[key] = result
    return result
