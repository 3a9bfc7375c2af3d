# INTENT: keeps the times in whole microseconds (int(1e6 * dt)) and converts back: rounds the measured times
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    import statistics
    us = []
    for batch in batches:
        t0 = clock()
        step(batch)
        us.append(int(round((clock() - t0) * 1e6)))
    return statistics.median(us[warmup:]) / 1e6
