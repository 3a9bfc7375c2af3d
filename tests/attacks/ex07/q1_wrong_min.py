# INTENT: returns the fastest post-warm-up step (min) instead of the typical (median) one: a best case, not the typical time. (public check: caught)
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    durations = []
    for batch in batches:
        start = clock()
        step(batch)
        durations.append(clock() - start)
    return min(durations[warmup:])
