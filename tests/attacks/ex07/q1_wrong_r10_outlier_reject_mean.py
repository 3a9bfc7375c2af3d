# INTENT: removes outliers (> 2x the median) then takes the MEAN of the rest, not the median
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import statistics
    times = []
    for batch in batches:
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
    steady = times[warmup:]
    med = statistics.median(steady)
    kept = [t for t in steady if t <= 2 * med]
    return sum(kept) / len(kept)
