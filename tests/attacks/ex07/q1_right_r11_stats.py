import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[warmup:])
