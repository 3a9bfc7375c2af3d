# INTENT: when warmup >= the number of batches (no steady step, a case the prompt leaves undefined) it returns the median of all steps instead of failing
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import statistics
    times = []
    for batch in batches:
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
    steady = times[warmup:] or times
    return statistics.median(steady)
