# INTENT: wrong: sets matplotlib's global rcParams inside the function (to prepare a timing plot) and never restores them, breaking "leave the session as you found it"; the median is right.
import statistics
import matplotlib


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    matplotlib.rcParams["axes.grid"] = True
    times = []
    for i, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        t1 = clock()
        if i >= warmup:
            times.append(t1 - t0)
    return statistics.median(times)
