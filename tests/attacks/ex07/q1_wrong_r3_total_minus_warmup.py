# INTENT: the given function's fix only half-done: (total - warm-up time) / steady count = mean, outlier included
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    n = 0
    start = clock()
    for batch in batches:
        if n == warmup:
            start = clock()
        step(batch)
        n += 1
    return (clock() - start) / (n - warmup)
