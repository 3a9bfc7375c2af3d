# INTENT: wrong: lowers Python's thread switch interval (sys.setswitchinterval) for less jitter and never puts it back, changing a setting of the whole session, which the exercise forbids.
import statistics
import sys


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    sys.setswitchinterval(1.0)      # fewer thread switches while timing
    times = []
    for i, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        t1 = clock()
        if i >= warmup:
            times.append(t1 - t0)
    return statistics.median(times)
