def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    steady = []
    for i, batch in enumerate(batches):
        start = clock()
        step(batch)
        end = clock()
        if i >= warmup:
            steady.append(end - start)
    steady.sort()
    n = len(steady)
    mid = n // 2
    return steady[mid] if n % 2 else (steady[mid - 1] + steady[mid]) / 2
