# INTENT: median of the steady steps, but in float32 via numpy (np.float32 times lose precision when the clock reads hours)
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import numpy as np
    times = []
    for batch in batches:
        t0 = np.float32(clock())
        step(batch)
        times.append(np.float32(clock()) - t0)
    return float(np.median(np.array(times[warmup:], dtype=np.float32)))
