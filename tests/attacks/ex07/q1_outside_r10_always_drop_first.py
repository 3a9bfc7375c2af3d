# INTENT: always drops at least the first step ("it traces"), so warmup=0 still leaves one step out
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import statistics
    times = []
    for batch in batches:
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
    return statistics.median(times[max(warmup, 1):])
