# INTENT: wrong: adds a global warnings filter (ignore UserWarning, e.g. retracing noise) and leaves it in place, changing a setting of the whole session that the exercise says must be left as found.
import statistics
import warnings


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    warnings.filterwarnings("ignore", category=UserWarning)
    times = []
    for i, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        t1 = clock()
        if i >= warmup:
            times.append(t1 - t0)
    return statistics.median(times)
