# INTENT: lap timer between consecutive steps: each lap includes producing the next batch, not just the step
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import statistics
    times = []
    last = clock()
    for batch in batches:
        step(batch)
        now = clock()
        times.append(now - last)
        last = now
    return statistics.median(times[warmup:])
