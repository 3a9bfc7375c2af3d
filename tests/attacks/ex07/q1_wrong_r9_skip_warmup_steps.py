# INTENT: median of per-step times where warm-up steps are excluded by skipping step() on them (not run at all)
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import statistics
    times = []
    for i, batch in enumerate(batches):
        if i < warmup:
            continue
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
    return statistics.median(times)
