# INTENT: wrong: subtracts the cost of a clock() call (measured by two back-to-back readings) from every step: not the time "as measured" (zero only on a clock that does not move when read).
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    seconds = []
    for batch in batches:
        c0 = clock()
        overhead = clock() - c0
        begin = clock()
        step(batch)
        seconds.append(clock() - begin - overhead)
    return statistics.median(seconds[warmup:])
