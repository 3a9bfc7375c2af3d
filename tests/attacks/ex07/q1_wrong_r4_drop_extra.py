# INTENT: off-by-one: `if i > warmup` leaves out warmup+1 steps (first steady step dropped too)
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    steady = []
    for i, batch in enumerate(batches):
        start = clock()
        step(batch)
        if i > warmup:
            steady.append(clock() - start)
    return statistics.median(steady)
