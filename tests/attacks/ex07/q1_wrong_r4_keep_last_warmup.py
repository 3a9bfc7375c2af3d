# INTENT: off-by-one the other way: enumerate from 1, so only warmup-1 steps are left out (the last warm-up step is counted)
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    steady = []
    for i, batch in enumerate(batches, start=1):
        start = clock()
        step(batch)
        if i >= warmup:
            steady.append(clock() - start)
    return statistics.median(steady)
