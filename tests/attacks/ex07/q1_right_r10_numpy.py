def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import numpy as np
    times = []
    for i, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        t1 = clock()
        times.append(t1 - t0)
    steady = np.sort(np.asarray(times[warmup:], dtype=np.float64))
    m = len(steady)
    return float((steady[(m - 1) // 2] + steady[m // 2]) / 2)
