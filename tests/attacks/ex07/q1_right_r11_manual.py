def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    steady = []
    for i, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        t1 = clock()
        if i >= warmup:
            steady.append(t1 - t0)
    steady.sort()
    n = len(steady)
    mid = n // 2
    return steady[mid] if n % 2 else (steady[mid - 1] + steady[mid]) / 2
