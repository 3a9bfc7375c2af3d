# INTENT: indexes batches by position (len/[]) so it only works for lists, not any finite iterable such as a generator
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import statistics
    times = []
    for i in range(len(batches)):
        start = clock()
        step(batches[i])
        times.append(clock() - start)
    return statistics.median(times[warmup:])
