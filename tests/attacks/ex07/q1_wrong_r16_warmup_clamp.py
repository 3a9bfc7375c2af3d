# INTENT: wrong: a guard clamps warmup to half the batches ("keep enough steady steps"), so with a large warmup some warm-up steps are counted.
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    seconds = []
    for batch in batches:
        begin = clock()
        step(batch)
        seconds.append(clock() - begin)
    skip = min(warmup, len(seconds) // 2)
    return statistics.median(seconds[skip:])
