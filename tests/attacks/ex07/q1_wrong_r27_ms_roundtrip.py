# INTENT: wrong: measures in milliseconds and divides back by 1e3, which is not "in seconds as measured" (x*1e3/1e3 can differ from x in the last bits).
import statistics


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times_ms = []
    for i, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        t1 = clock()
        if i >= warmup:
            times_ms.append(1e3 * (t1 - t0))
    return statistics.median(times_ms) / 1e3
